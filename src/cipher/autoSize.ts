import type { ReceiverModel } from '../annotate/ReceiverModel.js';
import { InputError } from '../errors.js';
import { formatCiphertext, type Ciphertext } from '../formats/ciphertext.js';
import { counted } from '../formats/counted.js';
import type { Grid, Puzzle } from '../grid/Puzzle.js';
import { puzzleOf } from '../grid/runsOf.js';
import { lineSolvable } from '../solve/CorePropagator.js';
import type { SatSession } from '../sat/SatSession.js';
import { DEFAULT_BUDGET_MS, encryptGrids, type EncryptedBlock } from './blockWork.js';
import { messageGrids } from './messageGrids.js';
import { builtinTable, type Table } from './Table.js';
import { textToBits } from './textBits.js';

/**
 * `--size auto`: the square board side (and, with `table: 'auto'`, the encoding table) that
 * gives the shortest ciphertext for one message under a receiver model, within a time budget.
 *
 * Length is the user-visible one: the characters of the whole ciphertext file as
 * `formatCiphertext` writes it (header line, clue lines with their commas, annotation lines
 * with `X`, newlines).
 *
 * Method. Every candidate (size, table) is first priced without any solving: its clues are
 * fixed by the picture, so the file with every annotation `X` has an exact length, which is a
 * lower bound on the candidate's length. For the `logic` receiver every block that line logic
 * alone cannot finish needs at least one annotated cell, which turns its 1-character `X` into
 * at least 2 characters, so the bound grows by 1 per such block (for `unique` it does not: a
 * block can be unique without being line-solvable). A candidate whose every block line logic
 * finishes needs no annotation under either receiver, so its length is exact and its (empty)
 * annotations proved smallest: the best of those is the starting point, at no cost. The
 * other candidates are then evaluated in order of increasing lower bound (ties: smaller side,
 * then the classic table first): each block gets its smallest annotation from the minimizer,
 * with half of the remaining budget shared evenly among the candidate's blocks. The search
 * stops when the next lower bound cannot beat the best length found (the choice is then the
 * shortest over all candidates, up to unproven annotations), or when the budget is spent (at
 * least one candidate is always evaluated, so there is always an answer).
 *
 * The returned ciphertext is always valid for the receiver: the minimizer's annotation is
 * valid even when its budget cut the proof of minimality short; `proven` and `reason` say when
 * that happened. The budget is a soft limit: work is only checked between minimizer steps, so
 * a single hard block can overrun it.
 *
 * This is library code: it prints nothing and touches no process state.
 */
export interface ChooseBoardOptions {
  /** Receiver model of the annotations; default `unique`. */
  readonly receiver?: ReceiverModel;
  /** A fixed table, or `'auto'` for the best of the built-in classic and frequency tables; default classic. */
  readonly table?: Table | 'auto';
  /** Extended text (see textBits.ts); default false. */
  readonly extended?: boolean;
  /** Time budget in milliseconds for the whole search; default DEFAULT_AUTO_BUDGET_MS. */
  readonly budgetMs?: number;
  /** Board sides to consider; default `autoSides` of the message's length under each table. */
  readonly sizes?: readonly number[];
  readonly session?: SatSession;
}

export interface BoardTrial {
  readonly size: number;
  readonly table: Table;
  /** Characters of the ciphertext file with the annotations found. */
  readonly length: number;
  /** Cheap lower bound the candidate was ranked by. */
  readonly lowerBound: number;
  readonly annotationCells: number;
  readonly blocks: number;
  /** Milliseconds spent evaluating this candidate. */
  readonly ms: number;
  /** Every block's annotation is proved smallest, so `length` is this candidate's exact minimum. */
  readonly complete: boolean;
}

export interface BoardChoice {
  readonly size: number;
  readonly table: Table;
  /** The chosen ciphertext, ready for `formatCiphertext` (no need to encrypt again). */
  readonly ciphertext: Ciphertext;
  readonly blocks: readonly EncryptedBlock[];
  /** `formatCiphertext(ciphertext).length`. */
  readonly ciphertextLength: number;
  /** The chosen ciphertext's annotations are all proved smallest. */
  readonly proven: boolean;
  /**
   * The choice is provably the shortest over its candidates (not over every board: see
   * `notCandidates`): every other candidate was either evaluated with proven annotations or has
   * a lower bound at least the chosen length, and the chosen annotations are proven.
   */
  readonly optimal: boolean;
  /**
   * Default sides past 35 (with each table) left out of the candidates because some block of
   * theirs needs an annotation (see `autoSides`), never evaluated. Always 0 when `sizes` is given.
   */
  readonly notCandidates: number;
  /**
   * Of `notCandidates`, those whose lower bound from their clues is below the chosen length: one
   * of them may be shorter, so `optimal` is over the candidates only. When 0, the choice is also
   * no longer than any of them.
   */
  readonly notCandidatesBelow: number;
  /** Evaluated candidates, in evaluation order. */
  readonly tried: readonly BoardTrial[];
  /** Number of candidates considered (sizes x tables). */
  readonly candidates: number;
  /** What became of every candidate: the counts add up to `candidates`. */
  readonly tally: CandidateTally;
  readonly ms: number;
  /**
   * The result in one line: the side (and table), the length, and what it is the shortest of
   * ("n = 19 (classic): 207 characters, provably the shortest of the 70 boards compared"), with
   * the boards not compared when there are any.
   */
  readonly summary: string;
  /** How the candidates were compared, every one counted once ("Of 70 candidates (...), ..."). */
  readonly accounting: string;
  /** The result and its accounting: `summary`'s result, then `accounting`. */
  readonly reason: string;
}

/** Every candidate of a choice, counted once by what became of it; the counts add up to `total`. */
export interface CandidateTally {
  /** The candidates (board sides, with `table: 'auto'` each with each table). */
  readonly total: number;
  /** Annotated and measured (`tried`), the chosen one among them. */
  readonly evaluated: number;
  /** Not evaluated: the lower bound from their clues alone is at least the chosen length. */
  readonly ruledOutByClues: number;
  /** Need no annotation (line logic finishes every block), so their exact length is known without solving, and are no shorter than the first of them, which was evaluated. */
  readonly noAnnotationNoShorter: number;
  /** Not evaluated when the budget ran out, with a lower bound below the chosen length: a shorter board may be among them. */
  readonly cutByBudget: number;
}

/** Sides 1..35, those whose clues and cells fit one symbol each: always candidates. */
export const DEFAULT_AUTO_SIZES: readonly number[] = Array.from({ length: 35 }, (_, i) => i + 1);

/**
 * Larger sides considered past 35, at most (range 0-200). Each costs a pricing pass over the
 * message's bits (and, when it needs one, a minimizer run on a large block).
 */
const MAX_LARGE_SIDES = 24;

/**
 * The default sides for a message of `bits` bits: 1..35, and past 35 the sides that hold the
 * message in k blocks with the least padding, n_k = ceil(sqrt(bits / k)), with n_k + 1 and
 * n_k + 2, for k = 1, 2, ... (fewest blocks first, at most MAX_LARGE_SIDES of them, none above
 * 1000). Larger boards save a comma and a line per block, and a side just big enough for its
 * blocks wastes least on padding (a frequency-table padded row of n > 35 cells is a 3- or
 * 4-character clue). Measured on five 1,000-character Brown-corpus messages (5,000 bits), the
 * bare clue length over every side from 1 to 142 is shortest at one of these sides for the
 * frequency table in 5 of 5, and within 1.2 % of it for the classic table (whose best side was
 * 75, 80 or 85), against 9 to 14 % longer at the best side up to 35.
 *
 * A side past 35 is a candidate only when line logic finishes every block of it (no
 * annotation, so its length is exact at no cost): on such boards a block that needs an
 * annotation needs a large one, and each costs a minimizer run on a large block. On those five
 * messages, the classic table at n = 72 (every block needs one) came to 7,167 characters with
 * a 30 s budget against 2,508 bare, where n = 33 gives 3,860; the frequency table's free
 * sides (71 or 72: 2,188 to 2,301 characters) are 9 to 12 % shorter than its best side up to 35.
 */
export function autoSides(bits: number): number[] {
  const sides = [...DEFAULT_AUTO_SIZES];
  const large = new Set<number>();
  for (let k = 1; large.size < MAX_LARGE_SIDES; k++) {
    const side = Math.ceil(Math.sqrt(bits / k));
    if (side <= DEFAULT_AUTO_SIZES.length) break;
    for (const n of [side, side + 1, side + 2]) if (n > DEFAULT_AUTO_SIZES.length && n <= 1000 && large.size < MAX_LARGE_SIDES) large.add(n);
  }
  return [...sides, ...[...large].sort((a, b) => a - b)];
}
/** The default budget of the whole choice: the same as a fixed size's (one default for encrypt). */
export const DEFAULT_AUTO_BUDGET_MS = DEFAULT_BUDGET_MS;
/** The board side `encrypt` uses when none is given; `auto` evaluates it first. */
const DEFAULT_SIDE = 8;

interface Candidate {
  readonly size: number;
  readonly table: Table;
  readonly tableRank: number;
  readonly grids: readonly Grid[];
  readonly puzzles: readonly Puzzle[];
  readonly lowerBound: number;
  /** Blocks that line logic alone does not finish (0: the candidate needs no annotation at all). */
  readonly needy: number;
}

function candidate(text: string, size: number, table: Table, tableRank: number, receiver: ReceiverModel, extended: boolean): Candidate {
  const { grids } = messageGrids(text, { size, table, extended });
  const puzzles = grids.map(puzzleOf);
  const bare = formatCiphertext({ width: size, height: size, blocks: puzzles.map((puzzle) => ({ puzzle, annotation: [] })) }).length;
  const needy = grids.filter((g) => !lineSolvable(g)).length;
  return { size, table, tableRank, grids, puzzles, lowerBound: bare + (receiver === 'logic' ? needy : 0), needy };
}

export function chooseBoard(text: string, options: ChooseBoardOptions = {}): BoardChoice {
  const started = performance.now();
  const receiver = options.receiver ?? 'unique';
  const budgetMs = options.budgetMs ?? DEFAULT_AUTO_BUDGET_MS;
  if (!(budgetMs >= 0)) throw new InputError('E_BUDGET', `time budget must be a non-negative number of milliseconds, got ${budgetMs}`);
  const deadline = started + budgetMs;
  const given = options.sizes ? [...new Set(options.sizes)] : undefined;
  if (given?.length === 0) throw new InputError('E_SIZE', 'no board sides to choose from');
  for (const n of given ?? []) {
    if (!Number.isInteger(n) || n < 1 || n > 1000) throw new InputError('E_SIZE', `board side must be a whole number from 1 to 1000, got ${n}`);
  }
  const tables: Table[] =
    options.table === 'auto' ? [builtinTable('classic'), builtinTable('frequency')] : [options.table ?? builtinTable('classic')];

  const extended = options.extended === true;
  const cands: Candidate[] = [];
  const left: Candidate[] = [];
  tables.forEach((t, rank) => {
    for (const n of given ?? autoSides(textToBits(text, t, { extended }).length)) {
      const c = candidate(text, n, t, rank, receiver, extended);
      // A default side past 35 competes only when it needs no annotation (see autoSides).
      if (given || n <= DEFAULT_AUTO_SIZES.length || c.needy === 0) cands.push(c);
      else left.push(c);
    }
  });
  cands.sort((a, b) => a.lowerBound - b.lowerBound || a.size - b.size || a.tableRank - b.tableRank);

  const tried: (BoardTrial & { tableRank: number })[] = [];
  let best: { trial: BoardTrial & { tableRank: number }; blocks: EncryptedBlock[]; ciphertext: Ciphertext } | undefined;
  // Candidates whose every block line logic finishes need no annotation under either receiver:
  // their length is exact without any search, and the empty annotation is proved smallest.
  // The first of them in ranking order starts the search as the best so far; the others can
  // never beat it (their exact lengths are their lower bounds, ranked after it).
  const free = cands.find((c) => c.needy === 0);
  if (free) {
    const blocks: EncryptedBlock[] = free.puzzles.map((puzzle) => ({ block: { puzzle, annotation: [] }, proven: true, lowerBound: 0, ms: 0 }));
    const ciphertext: Ciphertext = { width: free.size, height: free.size, blocks: blocks.map((b) => b.block) };
    const trial = {
      size: free.size,
      table: free.table,
      tableRank: free.tableRank,
      length: free.lowerBound,
      lowerBound: free.lowerBound,
      annotationCells: 0,
      blocks: blocks.length,
      ms: 0,
      complete: true,
    };
    tried.push(trial);
    best = { trial, blocks, ciphertext };
  }
  const evaluated = new Set<Candidate>();
  const evaluate = (c: Candidate, budgetMs: number) => {
    evaluated.add(c);
    const t0 = performance.now();
    const blocks = encryptGrids(c.grids, { receiver, budgetMs, session: options.session });
    const ciphertext: Ciphertext = { width: c.size, height: c.size, blocks: blocks.map((b) => b.block) };
    const trial = {
      size: c.size,
      table: c.table,
      tableRank: c.tableRank,
      length: formatCiphertext(ciphertext).length,
      lowerBound: c.lowerBound,
      annotationCells: blocks.reduce((a, b) => a + b.block.annotation.length, 0),
      blocks: blocks.length,
      ms: performance.now() - t0,
      complete: blocks.every((b) => b.proven),
    };
    tried.push(trial);
    const better =
      !best ||
      trial.length < best.trial.length ||
      (trial.length === best.trial.length &&
        (Number(trial.complete) > Number(best.trial.complete) ||
          (trial.complete === best.trial.complete &&
            (trial.size < best.trial.size || (trial.size === best.trial.size && trial.tableRank < best.trial.tableRank)))));
    if (better) best = { trial, blocks, ciphertext };
  };
  // The default board (DEFAULT_SIDE, first table) first, with the whole budget as `--size 8`
  // would have it: the choice is then never longer than what `--size 8` gives (it usually
  // takes a small part of the budget; the other candidates share what it leaves).
  const fallback = cands.find((c) => c.size === DEFAULT_SIDE && c.tableRank === 0 && c.needy > 0);
  if (fallback && !(best && fallback.lowerBound >= best.trial.length)) evaluate(fallback, Math.max(0, deadline - performance.now()));
  // Ranked by lower bound: the first that cannot beat the best ends the search, as does the budget.
  for (const c of cands) {
    if (c.needy === 0 || c === fallback) continue;
    if (best && (c.lowerBound >= best.trial.length || performance.now() >= deadline)) break;
    // Half of what is left: a hard candidate leaves room for the next ones.
    evaluate(c, Math.max(0, deadline - performance.now()) / 2);
  }
  const chosen = best!;
  const len = chosen.trial.length;
  // Every candidate that needs an annotation and was not evaluated (the default board too,
  // when the free candidate already beat its bound), split by whether its bound is below the
  // chosen length (only when the budget stopped the search) or not.
  const untried = cands.filter((c) => c.needy > 0 && !evaluated.has(c));
  const openUntried = untried.filter((c) => c.lowerBound < len);
  const ruledOut = untried.filter((c) => c.lowerBound >= len);
  const openTried = tried.filter((t) => t !== chosen.trial && !t.complete && t.lowerBound < len);
  const optimal = chosen.trial.complete && openUntried.length === 0 && openTried.length === 0;
  const tally: CandidateTally = {
    total: cands.length,
    evaluated: tried.length,
    ruledOutByClues: ruledOut.length,
    noAnnotationNoShorter: cands.filter((c) => c.needy === 0 && c !== free).length,
    cutByBudget: openUntried.length,
  };

  const name = (t: Table) => t.name;
  const multi = tables.length > 1;
  const label = (size: number, t: Table) => (multi ? `n = ${size} (${name(t)})` : `n = ${size}`);
  // Which boards were compared, said exactly: "provably the shortest" is of these alone.
  const large = cands.filter((c) => c.size > DEFAULT_AUTO_SIZES.length).length;
  const what = given
    ? multi ? 'the board sides given, each with each table' : 'the board sides given'
    : `board sides 1 to ${DEFAULT_AUTO_SIZES.length}${multi ? ', each with each table' : ''}${large > 0 ? `, and ${large} past ${DEFAULT_AUTO_SIZES.length} that need no annotation` : ''}`;
  const verb = (n: number, one: string, many: string) => (n === 1 ? one : many);
  const fates = [
    `${tally.evaluated} ${verb(tally.evaluated, 'was', 'were')} evaluated (${tried
      .slice(0, 6)
      .map((t) => `${label(t.size, t.table)}: ${t.length}`)
      .join(', ')}${tried.length > 6 ? ', ...' : ''})`,
  ];
  if (ruledOut.length > 0) {
    const n = ruledOut.length;
    fates.push(`${n} ${verb(n, 'needs', 'need')} at least ${Math.min(...ruledOut.map((c) => c.lowerBound))} characters by ${verb(n, 'its', 'their')} clues alone`);
  }
  if (free && tally.noAnnotationNoShorter > 0) {
    const n = tally.noAnnotationNoShorter;
    fates.push(`${n} ${verb(n, 'needs', 'need')} no annotation, like ${label(free.size, free.table)}, but ${verb(n, 'is', 'are')} no shorter`);
  }
  if (openUntried.length > 0) {
    const n = openUntried.length;
    fates.push(
      `${n} ${verb(n, 'was', 'were')} not evaluated within the ${(budgetMs / 1000).toFixed(1)} s budget (${verb(n, 'its lower bound', 'lower bounds from')} ${Math.min(...openUntried.map((c) => c.lowerBound))}: a shorter board may be among them)`,
    );
  }
  if (fates.length > 1) fates[fates.length - 1] = `and ${fates[fates.length - 1]}`;
  const result = `${label(chosen.trial.size, chosen.trial.table)}${multi ? '' : ` with the ${name(chosen.trial.table)} table`}: ${len} characters`;
  const parts: string[] = [`Of ${counted(cands.length, 'candidate')} (${what}), ${fates.join(', ')}`];
  if (!chosen.trial.complete) {
    const cut = chosen.blocks.filter((b) => !b.proven).length;
    parts.push(`the budget cut the proof of minimality for ${cut} of its ${counted(chosen.blocks.length, 'annotation')} (valid, possibly not smallest)`);
  }
  if (openTried.length > 0) {
    parts.push(
      openTried.length === 1
        ? 'another evaluated candidate has unproven annotations and might be shorter with smallest ones'
        : `${openTried.length} other evaluated candidates have unproven annotations and might be shorter with smallest ones`,
    );
  }
  // The sides past 35 that were not candidates: no shorter when their clues alone say so, else
  // never compared (an annotated large block costs a minimizer run each: see autoSides).
  const leftBelow = left.filter((c) => c.lowerBound < len);
  const past = DEFAULT_AUTO_SIZES.length;
  const notCompared = `${counted(leftBelow.length, 'board')} past ${past} that ${verb(leftBelow.length, 'needs', 'need')} an annotation ${verb(leftBelow.length, 'was', 'were')} not compared`;
  if (leftBelow.length > 0) {
    const n = leftBelow.length;
    parts.push(`${notCompared} (${verb(n, 'its lower bound', 'lower bounds from')} ${Math.min(...leftBelow.map((c) => c.lowerBound))} characters: ${verb(n, 'it may be shorter', 'a shorter one may be among them')})`);
  } else if (left.length > 0) {
    const n = left.length;
    parts.push(`${counted(n, 'board')} past ${past} that ${verb(n, 'needs', 'need')} an annotation ${verb(n, 'needs', 'need')} at least ${Math.min(...left.map((c) => c.lowerBound))} characters by ${verb(n, 'its', 'their')} clues alone`);
  }
  // The boards compared: the candidates, and the large sides when their clues alone rule them all out.
  const pastCompared = left.length > 0 && leftBelow.length === 0;
  const boards = pastCompared ? cands.length + left.length : cands.length;
  const compared = pastCompared ? `these ${boards} boards` : verb(cands.length, 'this candidate', `these ${cands.length} candidates`);
  const accounting = `${parts.join('; ')}${optimal ? `; this is provably the shortest of ${compared}` : ''}.`;
  const andNot = leftBelow.length > 0 ? `; ${notCompared}` : '';
  const summary = optimal
    ? `${result}, provably the shortest of the ${counted(boards, 'board')} compared${andNot}`
    : `${result}, the shortest found within the ${(budgetMs / 1000).toFixed(1)} s budget, not proven the shortest of the ${counted(boards, 'board')} compared${andNot}`;
  const reason = `${result}. ${accounting}`;
  const { tableRank: _rank, ...publicTrial } = chosen.trial;
  void _rank;
  return {
    size: publicTrial.size,
    table: publicTrial.table,
    ciphertext: chosen.ciphertext,
    blocks: chosen.blocks,
    ciphertextLength: len,
    proven: publicTrial.complete,
    optimal,
    notCandidates: left.length,
    notCandidatesBelow: leftBelow.length,
    tried: tried.map(({ tableRank: _r, ...t }) => t),
    candidates: cands.length,
    tally,
    ms: performance.now() - started,
    summary,
    accounting,
    reason,
  };
}
