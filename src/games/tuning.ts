/**
 * Every tuning constant of the games code, in one table: its value, what it counts, the range
 * in which the code stays correct (outside it only speed or memory suffer, or the constant
 * makes no sense), and the measurement behind the value (or that there is none).
 *
 * None of these changes a result that is proven or checked: they decide how fast the
 * searches go, how much memory they take, and which of several valid strategies a builder
 * finds first (so changing one may change the bytes of a built strategy file, never its
 * validity). Figures are CPU seconds of one process (`-j 1`) on the project's shared 2-core
 * machine; docs/explanation/games-code.md prints this table (a test keeps the two equal).
 */
export interface GamesTunable {
  readonly value: number;
  /** What the value counts. */
  readonly unit: string;
  /** The values it may take, lowest and highest. */
  readonly range: readonly [number, number];
  /** Why this value: the measurement behind it, or that it was not tuned. */
  readonly basis: string;
}

export const GAMES_TUNING = {
  FULL_TABLE_MAX_CODES: {
    value: 8192,
    unit: 'codes',
    range: [0, 16384],
    basis:
      'Games up to this many codes precompute the whole answer table (size^2 bytes: 1.7 MB for Mastermind 4x6 in 25 ms, 25 MB for the AB game 4 of 10 in 0.4 s); larger ones compute rows on demand. Not tuned: 8192 codes is a 64 MB table.',
  },
  ROW_CACHE_BYTES: {
    value: 64 << 20,
    unit: 'bytes of answer-table rows kept (each row is `size` bytes; at least 16 rows)',
    range: [1 << 20, 1 << 30],
    basis:
      'Rows kept for games past FULL_TABLE_MAX_CODES, the least recently used dropped first; a byte budget, so a game of 4 million codes keeps 16 rows (64 MB), not 256 (1 GB). Not tuned: those games are ranked over a few thousand guesses at most.',
  },
  MAX_ENUMERATED_CODES: {
    value: 1 << 22,
    unit: 'codes',
    range: [1, 1 << 26],
    basis:
      'The most codes any enumeration (candidates, next, strategies, bounds) takes on; past it only the SAT model answers. Not tuned: at 4,194,304 codes the digits and symbol counts take (P + S) x 4 MB and a bitset level 0.5 MB.',
  },
  SYMMETRY_MIN_CODES: {
    value: 40,
    unit: 'codes in the tuple',
    range: [1, 1000],
    basis:
      'Tuples with at least this many codes get their guesses reduced to one per symmetry class. Scratch sweep 2026-11-27 (CPU s, one process, the machine at load 11-14, so +-20 %): 10 / 40 / 160 / 1000 codes: Mastermind e = 1 `strategy` 4.6 / 5.1 / 4.2 / 5.8, `bound --guesses 7` 2.9 / 2.3 / 2.1 / 3.3 (1,956 positions, 3,456 at 1000); no difference within the noise below 160.',
  },
  SYMMETRY_MAX_DEPTH: {
    value: 3,
    unit: 'guesses in the history',
    range: [0, 40],
    basis:
      'Symmetry is used only while the history is at most this long (deeper, few symmetries are left). Scratch sweep 2026-11-27 (CPU s, one process, the machine at load 11-14, so +-20 %): depth 1 / 2 / 3 / 5: Mastermind e = 1 `bound --guesses 7` 3,456 / 1,956 / 1,956 / 1,956 positions in 3.7 / 2.3 / 2.1 / 2.2 s, `strategy` 5.4 / 4.9 / 4.7 / 4.0 s.',
  },
  MAX_PERMUTED_PEGS: {
    value: 6,
    unit: 'pegs',
    range: [1, 8],
    basis:
      'Games with more pegs use symbol renaming only (still sound, less reduction): the position permutations are P! (720 at 6 pegs) and every canonical form goes through those that fix the history.',
  },
  CANDIDATE_FIRST_CODES: {
    value: 24,
    unit: 'codes in the tuple',
    range: [0, 200],
    basis:
      'Tuples with at most this many codes first try guesses among their own codes only (a full ranking costs the game size times the tuple), all codes when those fail. With it and the fallback the AB game e = 1 reached 9, where its own codes alone stopped at 10. Scratch sweep 2026-11-27 (CPU s, one process, the machine at load 11-14, so +-20 %): 0 / 12 / 24 / 48 codes: Mastermind e = 1 `strategy` 5.8 / 4.6 / 3.7 / 4.0 s (files 26 / 28 / 30 / 30 kB).',
  },
  GUESS_SAMPLE: {
    value: 1000,
    unit: 'guesses',
    range: [200, 5000],
    basis:
      'Games with more than twice this many codes first rank, past the symmetry range, only the tuple\'s codes and this many others (every k-th code), all codes only if those fail. A profile of the AB game e = 1 showed 87 % of the time in ranking every code; with the sample `strategy --game ab --lies 1 --guesses 9` took 8.2 s instead of 26.8 s. Scratch sweep 2026-11-27 (CPU s, one process, the machine at load 11-14, so +-20 %): 500 / 1000 / 2000: the AB game e = 0 `strategy` 2.4 / 2.2 / 2.3 s.',
  },
  RULE_MAX_CODES: {
    value: 12,
    unit: 'codes in the tuple',
    range: [0, 100],
    basis:
      'Tuples with at most this many codes try the fewest-lies rule first: it wins most endgames and keeps files small. Scratch sweep 2026-11-27 (CPU s, one process, the machine at load 11-14, so +-20 %): 0 / 6 / 12 / 24 codes: Mastermind e = 1 `strategy` files 397 / 39 / 30 / 26 kB in 4.4 / 3.7 / 3.7 / 4.1 s (Mastermind e = 2 within 9 is 0.6 MB at 12).',
  },
  RULE_NODES: {
    value: 5000,
    unit: 'guesses simulated',
    range: [100, 100_000],
    basis: 'The rule check looks at this many guesses per tuple before giving up on it. Not tuned; the rule\'s simulation is under 1 % of a build\'s profile.',
  },
  KWB_ALPHA: {
    value: 3,
    unit: 'ratio between the weights of two levels',
    range: [1, 100],
    basis: 'KWB weighs a class of level j by alpha^(e - j), as the chapter does (it sets alpha = 3); not tuned here.',
  },
  BOUND_MEMO: {
    value: 1_000_000,
    unit: 'lost tuples remembered',
    range: [10_000, 10_000_000],
    basis: 'The lower-bound search remembers at most this many lost tuples (a key is a string of the tuple\'s codes: about 100 bytes to a few kB). Not tuned.',
  },
  BOUND_MEMO_CHARS: {
    value: 200_000_000,
    unit: 'characters of remembered keys',
    range: [1_000_000, 2_000_000_000],
    basis:
      'A byte budget beside BOUND_MEMO: the keys of tuples of a few thousand codes are kB each, and a million of them outgrew the heap. Mastermind e = 2, `bound --guesses 9` (one item of its frontier) ran out of V8\'s default 4 GB heap after 25 min and 19.6 million positions (2026-11-27); about 200 MB of keys leaves the rest of the heap to the item\'s proof, which is built in memory. Not tuned for speed.',
  },
  BOUND_MEMO_MAX_CODES: {
    value: 4096,
    unit: 'codes in the tuple',
    range: [0, 1 << 22],
    basis:
      'Only tuples up to this size are remembered by the lower-bound search: large ones (near the root) do not repeat, and their key (a string of the codes) costs more than it could save; Mastermind 6x9\'s root key alone took 0.5 s of a 1 s limit. Not tuned below that.',
  },
  STRATEGY_MEMO: {
    value: 1_000_000,
    unit: 'tuples remembered',
    range: [0, 10_000_000],
    basis:
      'The strategy search (BudgetedSearch) remembers at most this many tuples it failed or won (their keys and won subtrees). Not tuned: the small games of docs/results/games-small.md need tens of thousands.',
  },
  STRATEGY_MEMO_MAX_CODES: {
    value: 256,
    unit: 'codes in the tuple',
    range: [0, 4_194_304],
    basis:
      'Only tuples up to this size are remembered by the strategy search: large ones rarely repeat and their keys are long. Not tuned.',
  },
  IMPROVE_WORK: {
    value: 20_000_000,
    unit: 'answers looked up per improving try (a ranking of n guesses at a tuple of c codes counts n c)',
    range: [0, 1e12],
    basis:
      'After the default strategy search finds a worst case H, each try at H - 1 (4 x branch, then every guess) stops after this much work, about 0.8 s of CPU (2026-11-28, one thread: the first search of Mastermind 4x6 e = 1 within 7 did 63 million in 2.5 s). Mastermind 3x3 e = 2 within 6 takes 166,220 with every guess (0.16 s); Mastermind 4x4 e = 2 within 8, 4 guesses a tuple, 42 million (1.6 s). A budget of 20,000 tuples instead (not of work) cost 8 s on Mastermind 4x6 e = 1, whose tuples are large.',
  },
  PN_SCALE: {
    value: 8,
    unit: 'proof or disproof number of a position at the volume bound',
    range: [1, 1000],
    basis: 'The proof-number search (PnSearch.ts) numbers a new position with weight r b(t) as pn = 1 + PN_SCALE r, dn = 1 + PN_SCALE (1 - r). Not tuned.',
  },
  PN_EXACT_GUESSES: {
    value: 3,
    unit: 'guesses left',
    range: [0, 40],
    basis:
      'Positions with at most this many guesses left are decided at once: the lower-bound search (BoundSearch) says lost or won, and the exact strategy search (every guess, within PN_EXACT_WORK) writes a win. Scratch sweep 2026-11-29 (CPU s of the search alone, one process, nice 5, load 3-4), 3 / 4: Mastermind 4x3 e = 2 within 6 (none) 8.1 / 1.8, within 7 (built) 0.8 / 1.9; AB 3 of 6 e = 2 within 7 (none) 8.8 / 9.6; Mastermind 3x5 e = 2 within 8 (built) 3.6 / not found in 60 s, within 7 (none) not decided in 60 s / 39.8. 3 for the strategy hunt (wins).',
  },
  PN_EXACT_WORK: {
    value: 200_000,
    unit: 'answers looked up per exact decision (as IMPROVE_WORK counts them)',
    range: [0, 1e12],
    basis: 'Past it the position is numbered and searched best-first instead. Not tuned.',
  },
  PN_QUICK_WORK: {
    value: 50_000,
    unit: 'answers looked up per quick try',
    range: [0, 1e12],
    basis:
      'Positions first try the depth-first search with one guess per position (a win found is kept; a failure says nothing) within this much work. Without it (0) the best-first search alone did not find the strategies (scratch sweep 2026-11-29, CPU s, one process): Mastermind 4x3 e = 2 within 7 0.8 s with it, not found in 60 s without; Mastermind 3x5 e = 2 within 8 3.6 s against not found in 60 s; AB 3 of 6 e = 2 within 8 0.7 s against not found in 60 s. The value itself not tuned.',
  },
  PN_WIDTH: {
    value: 8,
    unit: 'guesses made per position',
    range: [1, 100_000],
    basis: 'An expanded position makes its best guesses by the volume ranking, this many, and the next one each time one is lost; the others count 1 each in its disproof number. Not tuned.',
  },
  PN_MEMO_MAX_CODES: {
    value: 1024,
    unit: 'codes in the tuple',
    range: [0, 4_194_304],
    basis: 'Positions up to this size that the proof-number search decided are remembered by their key (levelsKey), within STRATEGY_MEMO of them. Not tuned.',
  },
  PN_POLL: {
    value: 64,
    unit: 'expansions between two readings of the clock and of shouldStop',
    range: [1, 1 << 20],
    basis: 'An expansion ranks a position\'s guesses (milliseconds at most on the games here), so the limit is kept within a fraction of a second. Not tuned.',
  },
  LARGE_GAME_POOL: {
    value: 2000,
    unit: 'guesses',
    range: [1, 100_000],
    basis: '`next` in games past FULL_TABLE_MAX_CODES ranks at most this many of the codes that fit instead of every code (each costs a row of the answer table). Not tuned.',
  },
  WORKER_GRACE_MS: {
    value: 2000,
    unit: 'ms',
    range: [0, 60_000],
    basis:
      'A strategy subtree on a worker thread stops itself at the build\'s deadline; the pool gets the limit plus this grace as a task\'s limit and terminates a worker only past about twice that (hardLimitMs in parallel/WorkerPool.ts), a backstop for one that did not stop. Not tuned.',
  },
  DEADLINE_CHECK_WORK: {
    value: 1 << 16,
    unit: 'answers looked up between two readings of the clock',
    range: [1, 1 << 24],
    basis:
      'Long loops (ranking guesses, symmetry classes, the answer table) read the clock once per this much work: about 0.1 ms of work on this machine, so a limit is kept to well under a millisecond, while a clock reading (about 50 ns) costs under 0.1 % of the work between two.',
  },
  READABLE_MAX_CHARS: {
    value: 4000,
    unit: 'characters of compact tree text',
    range: [0, 1_000_000],
    basis: 'Strategy trees up to this size are written in the readable (nested JSON) form, larger ones compact; about 25 kB of readable JSON at the limit.',
  },
} as const satisfies Record<string, GamesTunable>;

export type GamesTuningName = keyof typeof GAMES_TUNING;
