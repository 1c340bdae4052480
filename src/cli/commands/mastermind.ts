import { createHash } from 'node:crypto';
import { existsSync, readFileSync, appendFileSync, rmSync, writeFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { Option, type Command, type OptionValues } from '@commander-js/extra-typings';
import { NonocryptError } from '../../errors.js';
import { boundProofPieces, formatPartHeader, formatPartItem, readBoundPart, samePartSearch, type PartHeader } from '../../games/build/boundFiles.js';
import { buildStrategy } from '../../games/build/buildStrategy.js';
import { checkedBoundProof } from '../../games/build/checkedBoundProof.js';
import { checkProofInParts } from '../../games/build/checkProofInParts.js';
import { mergeBoundParts } from '../../games/build/mergeBoundParts.js';
import { proveBound, type BoundItem, type BoundProgress } from '../../games/build/proveBound.js';
import { checkBoundProof, HEADER_MAX, isBoundProof, type ProofReport } from '../../games/check/checkBoundProof.js';
import { checkStrategy, type CheckReport } from '../../games/check/checkStrategy.js';
import { formatAnswer } from '../../games/model/Answer.js';
import { defaultSpec, GAME_KINDS } from '../../games/model/Game.js';
import { parseHistory, type Turn } from '../../games/model/History.js';
import { END_RULES, LIE_RULES, Rules } from '../../games/model/Rules.js';
import { candidates, DEFAULT_COUNT_LIMIT } from '../../games/play/candidates.js';
import { CodeMaker } from '../../games/play/CodeMaker.js';
import { candidateLines, certainLies, gameOverLine, hintLine, nextGuessLines, noCodeFits, playIntro, plural, solvedLine, turnLine } from '../../games/play/playText.js';
import { suggestNext } from '../../games/play/suggestNext.js';
import type { CliIO, SetExit } from '../CliIO.js';
import { exitCode, type ExitCode } from '../ExitCode.js';
import { linesOf } from '../../formats/textLines.js';
import { readGameBytes, wholeText, writeGameFile } from '../gameFiles.js';
import { textPieces } from '../../games/build/textPieces.js';
import { checkOutputs, Progress, readLines } from '../io.js';
import { defaultJobs, helpParagraph, hiddenAlias, partOption, seconds, shardOption, usage, wholeNumber } from '../options.js';

/**
 * `nonocrypt mastermind <command>`: deductive games with lies (src/games/). Each action reads
 * its flags and inputs, calls the library once, and prints.
 *
 * Time contract: `-t, --timeout` counts from the start of the command's action, so the answer
 * table and every precomputation count against it (the library stops them at the deadline);
 * a game too large for a table in memory is a usage error before any work. What is left is
 * the process's start-up.
 */
function gameOptions<Args extends unknown[], Opts extends OptionValues>(cmd: Command<Args, Opts>) {
  return cmd
    .addOption(new Option('--game <game>', 'mastermind (colours repeat, written 1..S) or ab (distinct digits, written 0..S-1)').choices(GAME_KINDS).default('mastermind'))
    .addOption(new Option('--pegs <P>', 'pegs per code (default 4)').argParser(wholeNumber(1, 10)))
    .addOption(new Option('--symbols <S>', 'colours or digits (default 6 for mastermind, 10 for ab; past 9 written A, B, ...)').argParser(wholeNumber(1, 36)))
    .addOption(new Option('-e, --lies <E>', 'answers the code-maker may falsify').argParser(wholeNumber(0, 9)).default(0))
    .addOption(
      new Option('--end <rule>', 'truthful: a right guess is always answered PA0B and ends the game; deniable: the code-maker may deny a right guess (a lie)')
        .choices(END_RULES)
        .default('truthful'),
    )
    .addOption(
      new Option('--lie <rule>', 'any: a lie may be any answer of the game but the true one; plausible: only one that some code gives to that guess')
        .choices(LIE_RULES)
        .default('any'),
    );
}

type GameFlags = ReturnType<ReturnType<typeof gameOptions<[], {}>>['opts']>;

function rulesOf(flags: GameFlags): Rules {
  const d = defaultSpec(flags.game);
  return new Rules({ kind: flags.game, pegs: flags.pegs ?? d.pegs, symbols: flags.symbols ?? d.symbols, lies: flags.lies, end: flags.end, lie: flags.lie });
}

const historyOption = () => new Option('--history <turns>', 'the turns so far: GUESS=xAyB separated by commas, e.g. "1122=1A0B,3456=0A2B" (default: none)');

/** `-t, --timeout`: what the limit stops is said per command. */
const timeoutOption = (what: string) => new Option('-t, --timeout <seconds>', `time limit, counted from the start (the answer table and any precomputation included): ${what}`).argParser(seconds);

/** `--time-limit`, the old spelling of `--timeout` (strategy, bound), left out of the help. */
const oldTimeLimit = <C extends Command<unknown[], OptionValues>>(cmd: C): C => hiddenAlias(cmd, new Option('--time-limit <seconds>').argParser(seconds), 'timeout');

/** "the time limit of N s": a message about the limit names the one the user gave (`--timeout`). */
const theLimit = (timeout: number | undefined) => (timeout === undefined ? 'the time limit' : `the time limit of ${timeout} s`);

/** The `performance.now()` time a command started with `--timeout` must stop at. */
const deadlineOf = (started: number, timeout: number | undefined) => (timeout === undefined ? undefined : started + timeout * 1000);

const guesses = (n: number) => plural(n, 'guess', 'guesses');

function declareCandidates(mm: Command) {
  return gameOptions(mm.command('candidates'))
    .description('the codes that fit a history: sizes of C^(0..e) (codes contradicting exactly j answers), the codes, and the answers that must have been lies')
    .addOption(historyOption())
    .addOption(new Option('--limit <n>', 'codes listed per level').argParser(wholeNumber(0, 1_000_000)).default(20))
    .addOption(new Option('--method <method>', 'auto (enumerate up to 4,194,304 codes, else SAT), enumerate, or sat').choices(['auto', 'enumerate', 'sat'] as const).default('auto' as const))
    .addOption(new Option('--count-limit <n>', `SAT: stop counting a level at n codes (default ${DEFAULT_COUNT_LIMIT}; counts are then lower bounds, exit 3)`).argParser(wholeNumber(1, 1e9)))
    .addOption(timeoutOption('SAT counts found by then are lower bounds, an enumeration cut short counts nothing (exit 3)'))
    .option('--json', 'print {"counts":[...],"exact","codes":[[...]],"certainLies":[...],...}');
}

function candidatesCommand(io: CliIO, flags: ReturnType<ReturnType<typeof declareCandidates>['opts']>): ExitCode {
  const deadline = deadlineOf(performance.now(), flags.timeout);
  const rules = rulesOf(flags);
  const turns = parseHistory(flags.history ?? '', rules, '--history');
  const r = candidates(rules, turns, {
    limit: flags.limit,
    method: flags.method,
    ...(flags.countLimit ? { countLimit: flags.countLimit } : {}),
    ...(deadline === undefined ? {} : { deadline }),
  });
  if (r.timedOut) {
    const text = `unknown: ${theLimit(flags.timeout)} came before the codes were counted; nothing is claimed`;
    io.stdout.write((flags.json ? JSON.stringify({ status: 'unknown', timedOut: true }) : text) + '\n');
    return exitCode('UNDECIDED');
  }
  const g = rules.game;
  const certain = certainLies(rules, turns, r);
  const none = r.counts.every((n) => n === 0);
  if (flags.json) {
    io.stdout.write(
      JSON.stringify({
        game: rules.kind,
        pegs: rules.pegs,
        symbols: rules.symbols,
        lies: rules.lies,
        end: rules.end,
        method: r.method,
        counts: r.counts,
        exact: r.exact,
        exactCounts: r.exactCounts,
        codes: r.codes.map((l) => l.map((c) => g.format(c))),
        certainLies: certain,
        ...(r.undecided.length ? { undecidedTurns: r.undecided.map((i) => i + 1) } : {}),
      }) + '\n',
    );
  } else {
    const lines = candidateLines(rules, turns, r);
    io.stdout.write(lines.join('\n') + '\n');
  }
  return none ? exitCode('FAILED_BLOCK') : r.exact && r.undecided.length === 0 ? exitCode('OK') : exitCode('UNDECIDED');
}

function declareNext(mm: Command) {
  return gameOptions(mm.command('next'))
    .description('the suggested next guess after a history, and the partition it makes (sizes of C^(0..e) after each answer)')
    .addOption(historyOption())
    .addOption(timeoutOption('the best guess ranked by then is suggested, marked as such (exit 3)'))
    .option('--json', 'print {"guess","mayWin","lowerBound","counts":[...],"partition":[{"answer","counts"}],"complete"}; a game over: {"over":true,"code","turn"}');
}

function nextCommand(io: CliIO, flags: ReturnType<ReturnType<typeof declareNext>['opts']>): ExitCode {
  const deadline = deadlineOf(performance.now(), flags.timeout);
  const rules = rulesOf(flags);
  const turns = parseHistory(flags.history ?? '', rules, '--history');
  const n = suggestNext(rules, turns, deadline === undefined ? {} : { deadline });
  const g = rules.game;
  if (n.over) {
    if (flags.json) io.stdout.write(JSON.stringify({ over: true, code: g.format(n.guess), turn: n.over.turn + 1, counts: n.counts }) + '\n');
    else io.stdout.write(gameOverLine(rules, { ...n, over: n.over }) + '\n');
    return exitCode('OK');
  }
  if (n.guess < 0 && n.complete) {
    io.stderr.write(`nonocrypt: ${noCodeFits(rules)}\n`);
    return exitCode('FAILED_BLOCK');
  }
  if (n.guess < 0) {
    io.stdout.write((flags.json ? JSON.stringify({ status: 'unknown', complete: false }) : `unknown: ${theLimit(flags.timeout)} came before any guess was ranked; nothing is suggested`) + '\n');
    return exitCode('UNDECIDED');
  }
  const partition = n.partition.map((p) => ({ answer: formatAnswer(rules.pegs, p.answer), counts: p.counts }));
  if (flags.json) {
    io.stdout.write(JSON.stringify({ guess: g.format(n.guess), mayWin: n.mayWin, lowerBound: n.lowerBound, counts: n.counts, partition, complete: n.complete, ranked: n.ranked }) + '\n');
  } else {
    io.stdout.write(nextGuessLines(rules, n).join('\n') + '\n');
  }
  return n.complete ? exitCode('OK') : exitCode('UNDECIDED');
}

function declareStrategy(mm: Command) {
  const cmd = gameOptions(mm.command('strategy'))
    .description('build a whole strategy (a tree of guesses), check it independently, and write it as JSON')
    .addOption(new Option('-o, --output <file>', 'write the strategy file here (whole or not at all; .gz compressed; - for stdout)').makeOptionMandatory())
    .addOption(
      new Option('--method <method>', "search: volume-guided search that proves each subtree within its budget; kwb: the chapter's k-way branching; pn: proof-number search, exhaustive, best-first, one thread")
        .choices(['search', 'kwb', 'pn'] as const)
        .default('search' as const),
    )
    .addOption(new Option('-k, --branch <k>', 'guesses tried per position (search, default 4) or groups expanded (kwb, default 1)').argParser(wholeNumber(1, 64)))
    .addOption(new Option('--guesses <h>', 'search, pn: build a strategy within h guesses (default: from the volume lower bound up; search then tries with a wider branch to do one better)').argParser(wholeNumber(1, 40)))
    .addOption(new Option('-j, --jobs <n>', 'worker threads (default: the number of cores)').argParser(wholeNumber(1, 256)))
    .addOption(timeoutOption('stop the whole build, its check included (exit 3, nothing written)'))
    .option('--json', 'print a JSON summary on stdout')
    .option('-q, --quiet', 'nothing on stderr but errors');
  return oldTimeLimit(cmd);
}

async function strategyCommand(io: CliIO, flags: ReturnType<ReturnType<typeof declareStrategy>['opts']>): Promise<ExitCode> {
  const started = performance.now();
  const rules = rulesOf(flags);
  if (flags.json && flags.output === '-') usage('--json and -o - both write to standard output: give -o a file');
  checkOutputs([flags.output], []);
  const progress = new Progress(io, !flags.quiet && !flags.json, 'subtrees');
  const deadline = deadlineOf(started, flags.timeout);
  const r = await buildStrategy(rules, {
    method: flags.method,
    ...(flags.branch ? { branch: flags.branch } : {}),
    ...(flags.guesses ? { guesses: flags.guesses } : {}),
    ...(deadline === undefined ? {} : { timeLimitMs: Math.max(0, deadline - performance.now()) }),
    jobs: flags.jobs ?? defaultJobs(),
    onProgress: (p) => progress.tick(p.done, p.total, `within ${p.guesses}: `),
    shouldStop: () => heapAlmostFull('the search tree is held in memory'),
  });
  progress.end();
  const secs = +(r.ms / 1000).toFixed(2);
  const pn = r.pn ? { expanded: r.pn.expanded, positions: r.pn.positions } : {};
  const pnWords = r.pn ? ` (proof-number search: ${plural(r.pn.expanded, 'position')} expanded, ${r.pn.positions.toLocaleString('en-US')} made)` : '';
  if (r.status !== 'built') {
    const stopped = r.stoppedBy ? `stopped: ${r.stoppedBy}` : `${theLimit(flags.timeout)} reached`;
    const ruled = flags.method === 'pn' ? 'no strategy within' : 'no strategy found within';
    const pnRun = flags.method === 'pn';
    const why =
      r.status === 'timeout'
        ? `${pnRun ? 'unknown: ' : ''}${stopped} (the search ran ${secs} s${pnRun && r.failed.length ? `; no strategy within ${r.failed.join(', ')} guesses` : ''})${pnWords}`
        : `${ruled} ${r.failed.join(', ')} guesses${pnRun ? ': the exhaustive search ruled out every guess (its own verdict, not a checked proof: bound --proof writes one)' : ''}${pnWords}`;
    const status = pnRun && r.status === 'timeout' ? 'unknown' : r.status;
    if (flags.json) io.stdout.write(JSON.stringify({ status, failed: r.failed, seconds: secs, ...(r.stoppedBy ? { stoppedBy: r.stoppedBy } : {}), ...pn }) + '\n');
    else io.stderr.write(`nonocrypt: ${why}; nothing written\n`);
    return exitCode('UNDECIDED');
  }
  writeGameFile(io, flags.output, r.file!);
  const c = r.check!;
  if (flags.json) {
    io.stdout.write(JSON.stringify({ status: 'built', worst: c.worst, averageTruthful: c.averageTruthful, averageAll: c.averageAll, plays: c.plays, seconds: secs, output: flags.output, ...(r.failed.length ? { failed: r.failed } : {}), ...pn }) + '\n');
  } else if (!flags.quiet) {
    io.stderr.write(`${summaryLine(c)}; built in ${secs} s${flags.output === '-' ? '' : `, written to ${flags.output}`}${pnWords}\n`);
  }
  return exitCode('OK');
}

function declareCheck(mm: Command) {
  return mm
    .command('check')
    .description('check a strategy file (every secret, every placement of at most e lies, within the worst case it claims) or a lower-bound proof, independently')
    .argument('<file>', 'a strategy file (JSON) or a proof (from bound --proof; .gz read too); - for standard input')
    .addOption(timeoutOption('stop checking (exit 3: neither valid nor invalid)'))
    .addOption(partOption())
    .addOption(new Option('-j, --jobs <n>', 'a proof only: check it by n parts at once on n worker threads (a machine\'s cores; the same verdict as one thread)').argParser(wholeNumber(1, 256)))
    .addOption(new Option('--part-depth <d>', `the depth of the units of --part and --jobs, in guesses from the root: at most the frontier depth of the search that wrote the proof (default ${PART_DEPTH})`).argParser(wholeNumber(1, 39)))
    .option('--no-compiled', 'a proof only: check with the TypeScript loops alone, not their compiled kernel (engines/checker.wasm): the same verdict, slower')
    .option('--json', 'print {"valid","worst",...} or the failing line of play; a proof: {"valid","guesses","positions"} or the failing line');
}

/**
 * Default depth of the units of a check by parts: 2 guesses, the least frontier depth of the
 * searches that write proofs (an item starts with an empty memory, so no `@k` of a unit names
 * a tuple of another). AB 4 of 6 e = 2 at 9 guesses, written with --frontier-depth 3, has
 * 2,850 units at depth 3.
 */
const PART_DEPTH = 2;

async function checkCommand(io: CliIO, file: string, flags: ReturnType<ReturnType<typeof declareCheck>['opts']>): Promise<ExitCode> {
  const deadline = deadlineOf(performance.now(), flags.timeout);
  const where = file === '-' ? '<stdin>' : file;
  const bytes = await readGameBytes(io, file);
  const options = deadline === undefined ? {} : { deadline };
  // The checkers know the deadline, not the limit the user gave: the message names it.
  const named = <R extends { readonly valid: boolean | null }>(r: R): R =>
    'problem' in r && typeof r.problem === 'string' && r.valid === null && r.problem.startsWith('time limit') ? { ...r, problem: r.problem.replace(/^time limit/, theLimit(flags.timeout).replace(/^the /, '')) } : r;
  // A proof is read in pieces (it may be longer than one string can be); its header is short.
  if (isBoundProof(new TextDecoder('utf-8').decode(bytes.subarray(0, HEADER_MAX)))) {
    // On a terminal, a long check shows how far it is (the text is ASCII: a character a byte).
    const progress = new Progress(io, !flags.json, 'MiB');
    const mib = (n: number) => Math.ceil(n / 2 ** 20);
    const onProgress = (positions: number, chars: number) => progress.tick(mib(chars), mib(bytes.length), `checking: ${positions.toLocaleString('en-US')} positions, `);
    const jobs = flags.jobs ?? 1;
    if (flags.part && jobs > 1) usage('--part and --jobs: check one part here, or every part on threads');
    const depth = flags.partDepth ?? PART_DEPTH;
    const part = flags.part ? { index: flags.part.index - 1, count: flags.part.count, depth } : undefined;
    const compiled = flags.compiled;
    let r: ProofReport;
    try {
      r = named(
        jobs > 1
          ? await checkProofInParts(bytes, where, { jobs, depth, compiled, ...options })
          : checkBoundProof(textPieces(bytes), where, { ...options, compiled, onProgress, ...(part ? { part } : {}) }),
      );
    } finally {
      progress.end();
    }
    // A part's verdict is about one file: its text's digest ties the parts' reports together.
    const digest = part ? createHash('sha256').update(bytes).digest('hex') : undefined;
    if (flags.json) io.stdout.write(JSON.stringify({ kind: 'proof', ...r, ...(part ? { part: { index: part.index + 1, count: part.count, depth }, sha256: digest } : {}) }) + '\n');
    else io.stdout.write((part ? partLine(r, flags.part!, depth, digest!) : proofLine(r)) + '\n');
    return r.valid ? exitCode('OK') : r.valid === null ? exitCode('UNDECIDED') : exitCode('FAILED_BLOCK');
  }
  if (flags.part || flags.jobs !== undefined || flags.partDepth !== undefined) usage(`${where} is a strategy file: --part, --jobs and --part-depth check a proof by parts`);
  if (!flags.compiled) usage(`${where} is a strategy file: --no-compiled is about the proof checker`);
  const r = named(checkStrategy(wholeText(where, bytes), where, options));
  if (flags.json) io.stdout.write(JSON.stringify(r) + '\n');
  else if (r.valid) io.stdout.write(`valid: ${summaryLine(r)}\n`);
  else if (r.valid === null) io.stdout.write(`unknown (${r.game}): ${r.problem}; nothing is claimed\n`);
  else {
    const play = r.turns.map((t) => `${t.guess}=${t.answer}${t.lie ? ' (lie)' : ''}`).join(', ');
    io.stdout.write(`INVALID (${r.game}): secret ${r.secret}, after ${play || 'no guess'}: ${r.problem}\n`);
  }
  return r.valid ? exitCode('OK') : r.valid === null ? exitCode('UNDECIDED') : exitCode('FAILED_BLOCK');
}

/** A part's verdict: what it checked, and that it is a part. */
function partLine(r: ProofReport, part: { readonly index: number; readonly count: number }, depth: number, digest: string): string {
  const which = `part ${part.index}/${part.count}`;
  if (r.valid === null) return `unknown (${r.game}, ${which}): ${r.problem}; nothing is claimed`;
  if (!r.valid) return `INVALID proof (${r.game}, ${which}): after ${r.path.join(', ') || 'no guess'}: ${r.problem}`;
  const units = r.units!;
  const what = units.total === 0 ? `no node is ${guesses(depth)} deep, so this part checked the whole proof` : `${units.checked} of the ${plural(units.total, 'node')} ${guesses(depth)} deep and every node above them`;
  return `valid: ${which} of the proof (${what}; ${plural(r.positions, 'position')} checked; ${r.game}; text sha256 ${digest}): the proof holds when all ${part.count} parts of this text are valid`;
}

function proofLine(r: ProofReport): string {
  if (r.valid) return `valid proof: no strategy wins every play within ${guesses(r.guesses - 1)}; at least ${r.guesses} are needed (${plural(r.positions, 'position')} checked; ${r.game})`;
  if (r.valid === null) return `unknown (${r.game}): ${r.problem}; nothing is claimed`;
  return `INVALID proof (${r.game}): after ${r.path.join(', ') || 'no guess'}: ${r.problem}`;
}

function declareBound(mm: Command) {
  const cmd = gameOptions(mm.command('bound'))
    .description('prove that no strategy always wins within h - 1 guesses (so h are needed), or say that it could not; --proof writes the proof for check')
    .addOption(new Option('--guesses <h>', 'the lower bound to prove').argParser(wholeNumber(1, 40)).makeOptionMandatory())
    .addOption(new Option('--proof <file>', 'write the proof here (whole, only when proven, checked first; .gz compressed); FILE.partial keeps the items found so far, and the same command resumes from it'))
    .addOption(shardOption('search only items K, K+N, K+2N, ... of the fixed frontier (by default the positions after the first two guesses) and write them as a part to --proof; join the parts with merge-proofs'))
    .addOption(new Option('--frontier-depth <d>', 'how many guesses an item of the frontier fixes (default 2, or 3 when 2 give fewer than 100 items): deeper, more and smaller items, each proof held in memory while it is searched; parts and checkpoints record it').argParser(wholeNumber(1, 37)))
    .addOption(new Option('--items-from <file>', "with --proof: take the items this run would search (a shard's, or all) that FILE has already found: a checkpoint or a part of the same search (rules, --guesses, --frontier-depth; any shard, or the whole run); FILE is only read"))
    .addOption(timeoutOption('give up (exit 3: not proven, nothing claimed; --proof keeps its checkpoint)'))
    .option('--json', 'print {"status","guesses","nodes","seconds",...}')
    .option('--unchecked', 'with --proof: write the proof as soon as the search proves the bound, without checking it (exit 3: nothing is claimed until check FILE accepts it, whole, with --jobs or part by part)')
    .option('--no-core', 'search in TypeScript only, not in the compiled games core (engines/games.wasm): the reference, for comparing (the same positions and proof, slower)')
    .option('-q, --quiet', 'nothing on stderr but errors (no progress)')
    .option('-v, --verbose', 'progress also when stderr is not a terminal: a line a minute and one at the end, for the log of a long run');
  return oldTimeLimit(cmd);
}

async function boundCommand(io: CliIO, flags: ReturnType<ReturnType<typeof declareBound>['opts']>): Promise<ExitCode> {
  const started = performance.now();
  const deadline = deadlineOf(started, flags.timeout);
  const rules = rulesOf(flags);
  const h = flags.guesses;
  const out = flags.proof;
  if (flags.shard && !out) usage('--shard writes a part of a proof: give --proof FILE');
  if (out === '-') usage('--proof needs a file (its checkpoint FILE.partial sits beside it)');
  if (flags.unchecked && (!out || flags.shard)) usage('--unchecked writes a whole proof unchecked: give --proof FILE, without --shard');
  const shard = flags.shard ?? { index: 1, count: 1 };
  const depth = flags.frontierDepth;
  if (flags.itemsFrom !== undefined && !out) usage('--items-from seeds the checkpoint of --proof FILE: give --proof FILE');
  const seed = flags.itemsFrom === undefined ? undefined : { path: flags.itemsFrom, bytes: await readGameBytes(io, flags.itemsFrom) };
  if (out) checkOutputs([out, out + '.partial'], seed ? [seed.path] : []);
  const checkpoint = out ? new BoundCheckpoint(out + '.partial', rules, h, shard, depth, seed) : undefined;
  if (flags.quiet && flags.verbose) usage('--quiet and --verbose: use one');
  const progress = new BoundProgressLine(io, !flags.quiet && !flags.json, flags.verbose ?? false);
  const r = proveBound(rules, h, {
    ...(deadline === undefined ? {} : { deadline }),
    proof: out ? 'pieces' : false,
    ...(flags.shard ? { shard: flags.shard } : {}),
    ...(depth === undefined ? {} : { frontierDepth: depth }),
    ...(checkpoint ? { done: checkpoint.done, doneFallback: checkpoint.doneFallback, onFrontier: (n: number) => checkpoint.start(n), onItem: (it: BoundItem) => checkpoint.add(it) } : {}),
    onProgress: (p) => progress.tick(p),
    shouldStop: heapAlmostFull,
    core: flags.core,
  });
  progress.end();
  const secs = +(r.ms / 1000).toFixed(2);
  const searched = `${plural(r.nodes, 'position')} searched`;
  const say = (status: string, text: string, extra: Record<string, unknown> = {}) =>
    io.stdout.write((flags.json ? JSON.stringify({ status, guesses: h, byVolume: r.byVolume, nodes: r.nodes, volumeCuts: r.volumeCuts, seconds: secs, frontier: r.frontier, ...extra }) : text) + '\n');
  if (r.status === 'part') {
    const items = r.items!;
    writeGameFile(io, out!, formatPartHeader({ rules, guesses: h, shard, frontier: r.frontier, ...(depth === undefined ? {} : { depth }) }) + [...items].sort((a, b) => a.index - b.index).map((it) => formatPartItem(rules, it)).join(''));
    checkpoint!.remove();
    const open = items.filter((it) => it.answer === null).length;
    say('part', `part ${shard.index}/${shard.count}: ${plural(items.length, 'item')} of the frontier's ${r.frontier} searched${open ? ` (${open} open: the bound is not proven by this frontier)` : ''} (${searched}, ${secs} s${checkpoint!.seededText()}), written to ${out}; join the parts with mastermind merge-proofs`, { items: items.length, open, output: out });
    return open ? exitCode('UNDECIDED') : exitCode('OK');
  }
  if (r.status === 'proven') {
    if (out && flags.unchecked) {
      writeGameFile(io, out, boundProofPieces(rules, h, r.pieces!, { positions: (checkpoint?.positionsBefore ?? 0) + r.nodes, built: 'bound search' }));
      checkpoint!.remove();
      say('unchecked', `unchecked: the search refuted every strategy within ${guesses(h - 1)} (${searched}, ${secs} s${checkpoint!.seededText()}); the proof is written to ${out} unchecked, and nothing is claimed until check ${out} accepts it`, { output: out });
      return exitCode('UNDECIDED');
    }
    if (out) {
      let body = 0;
      for (const piece of r.pieces!) body += piece.length;
      const checking = { ...(deadline === undefined ? {} : { deadline }), onProgress: (n: number, chars: number) => progress.checking(n, chars, body) };
      const text = checkedBoundProof(rules, h, r.pieces!, (checkpoint?.positionsBefore ?? 0) + r.nodes, checking);
      progress.end();
      if (text === undefined) {
        say('unknown', `unknown: proven, but ${theLimit(flags.timeout)} came before the proof was checked (${searched}, ${secs} s); nothing written, the checkpoint is in ${checkpoint!.path}`);
        return exitCode('UNDECIDED');
      }
      writeGameFile(io, out, text);
      checkpoint!.remove();
    }
    const how = r.byVolume ? 'by the volume bound alone' : `${searched}${checkpoint?.seededText() ?? ''}`;
    say('proven', `proven: no strategy wins every play within ${guesses(h - 1)}; at least ${h} are needed (${how}, ${secs} s${out ? `; proof written to ${out}` : ''})`, out ? { output: out } : {});
    return exitCode('OK');
  }
  if (r.status === 'refuted') {
    checkpoint?.remove();
    say('refuted', `refuted: a strategy wins every play within ${guesses(h - 1)} (${searched}, ${secs} s)${out ? '; no proof written' : ''}`);
    return exitCode('FAILED_BLOCK');
  }
  const why = r.reason === undefined ? `not decided within ${theLimit(flags.timeout)}` : `stopped: ${r.reason}`;
  say('unknown', `unknown: ${why} (${searched}, ${secs} s); nothing is claimed${checkpoint?.started ? `; the items done are kept in ${checkpoint.path}, the same command resumes` : ''}`, r.reason ? { reason: r.reason } : {});
  return exitCode('UNDECIDED');
}

/** A part's search as its options say it: the rules, --guesses and --frontier-depth. */
function searchText(part: PartHeader): string {
  return `${part.rules.describe()}, --guesses ${part.guesses}${part.depth === undefined ? '' : `, --frontier-depth ${part.depth}`}`;
}

/**
 * The items a bound run has searched, kept in FILE.partial as they are found (a part's JSON
 * Lines), so that a run that is stopped or killed resumes where it was. An existing checkpoint
 * of another search (rules, bound, shard, frontier or its depth) is an error, not overwritten.
 */
class BoundCheckpoint {
  readonly done = new Map<number, BoundItem>();
  /** Items of fallbacks (after the frontier's), by path. */
  readonly doneFallback = new Map<string, BoundItem>();
  positionsBefore = 0;
  started = false;
  private readonly previous: (PartHeader & { readonly items: BoundItem[]; readonly fallbacks: BoundItem[] }) | undefined;
  /** Items taken from `--items-from` (not in the checkpoint yet), and the frontier that file was written for. */
  private readonly seeded: BoundItem[] = [];
  private readonly seed: { readonly path: string; readonly frontier: number } | undefined;

  constructor(
    readonly path: string,
    private readonly rules: Rules,
    private readonly guesses: number,
    private readonly shard: { readonly index: number; readonly count: number },
    private readonly depth: number | undefined,
    seed?: { readonly path: string; readonly bytes: Uint8Array },
  ) {
    if (existsSync(path)) {
      const part = readBoundPart(linesOf(textPieces(readFileSync(path))), path, true);
      if (!this.sameSearch(part, true)) {
        throw new NonocryptError('E_USAGE', `${path} is the checkpoint of another search (${searchText(part)}, shard ${part.shard.index}/${part.shard.count}): remove it, or run that search`);
      }
      this.previous = part;
      for (const it of part.items) this.take(it);
      for (const it of part.fallbacks) this.take(it);
    }
    if (seed) {
      // A part or checkpoint of the same search, of any shard: this run's own items in it. A
      // shard never falls back (proveBound), so only a whole run takes the fallback items.
      const part = readBoundPart(linesOf(textPieces(seed.bytes)), seed.path, true);
      if (!this.sameSearch(part, false)) {
        throw new NonocryptError('E_USAGE', `--items-from ${seed.path} holds items of another search (${searchText(part)}): give a checkpoint or part of this one`);
      }
      this.seed = { path: seed.path, frontier: part.frontier };
      const mine = (i: number) => i % this.shard.count === this.shard.index - 1;
      const fresh = [...part.items.filter((it) => mine(it.index) && !this.done.has(it.index)), ...(this.shard.count === 1 ? part.fallbacks.filter((it) => !this.doneFallback.has(it.fallback!)) : [])];
      for (const it of fresh) this.take(it);
      this.seeded.push(...fresh);
    }
  }

  /** Whether a part is of this search: rules, bound and frontier depth, and (`ownShard`) this shard. */
  private sameSearch(part: PartHeader, ownShard: boolean): boolean {
    return part.rules.key() === this.rules.key() && part.guesses === this.guesses && part.depth === this.depth && (!ownShard || (part.shard.index === this.shard.index && part.shard.count === this.shard.count));
  }

  /** An item found before: known from now on. */
  private take(it: BoundItem): void {
    if (it.fallback === undefined) this.done.set(it.index, it);
    else this.doneFallback.set(it.fallback, it);
    this.positionsBefore += it.positions;
  }

  /** What `--items-from` gave: its items this run takes, for the report. */
  seededText(): string {
    return this.seed ? `; ${plural(this.seeded.length, 'item')} taken from ${this.seed.path}` : '';
  }

  /** The frontier is known: a fresh checkpoint gets its header (a kept one must match it), and the items taken from --items-from. */
  start(frontier: number): void {
    this.started = true;
    const header = { rules: this.rules, guesses: this.guesses, shard: this.shard, frontier, ...(this.depth === undefined ? {} : { depth: this.depth }) };
    if (this.seed && this.seed.frontier !== frontier) throw new NonocryptError('E_USAGE', `--items-from ${this.seed.path} was written for a frontier of ${this.seed.frontier} items, this search has ${frontier}`);
    if (this.previous && !samePartSearch(this.previous, header)) throw new NonocryptError('E_USAGE', `${this.path} was written for a frontier of ${this.previous.frontier} items, this search has ${frontier}: remove it`);
    // Rewritten whole, without a last line cut short (an item a line: the whole may be longer than a string can be).
    writeFileSync(this.path, formatPartHeader(header));
    for (const it of [...(this.previous?.items ?? []), ...(this.previous?.fallbacks ?? []), ...this.seeded]) appendFileSync(this.path, formatPartItem(this.rules, it));
  }

  add(item: BoundItem): void {
    appendFileSync(this.path, formatPartItem(this.rules, item));
  }

  remove(): void {
    rmSync(this.path, { force: true });
  }
}

/**
 * The share of V8's heap limit past which `bound` stops: the proof of a frontier item is built
 * in memory, and a search that reaches the limit dies in V8 with a stack trace and loses the
 * item. Range 0.5-0.9. 0.75: Mastermind e = 2, `bound --guesses 9` reached the default 4 GB
 * limit after 25 min (2026-11-27). The limit V8 reports includes its young generation (48 MB
 * here), which the long-lived proof cannot use: with --max-old-space-size=300 (limit 348 MB)
 * the search died at 291 MB, so 0.85 (296 MB) never fired; 0.75 stopped it at 261 MB, about
 * 3 s of growth before that. Heaps under about 200 MB may die before it fires.
 */
const HEAP_STOP_SHARE = 0.75;

/** Why `bound` should stop now for memory (see HEAP_STOP_SHARE), or undefined. */
function heapAlmostFull(what = "an item's proof is built in memory"): string | undefined {
  const h = getHeapStatistics();
  if (h.used_heap_size < HEAP_STOP_SHARE * h.heap_size_limit) return undefined;
  const mb = (n: number) => Math.round(n / 2 ** 20).toLocaleString('en-US');
  return `out of memory: the search holds ${mb(h.used_heap_size)} MB of Node's ${mb(h.heap_size_limit)} MB heap (${what}); run it with more, e.g. NODE_OPTIONS=--max-old-space-size=16384`;
}

/**
 * Progress of a bound run on stderr: items done of this run's, positions, their rate, and the
 * time left guessed from the items' pace (items differ much in size: a rough guide). On a
 * terminal one line rewritten; otherwise nothing, as every command's progress, unless asked
 * (`--verbose`, for the log of a long run): then a line a minute and when the run is done.
 */
class BoundProgressLine {
  private readonly started = performance.now();
  private readonly tty: boolean;
  private last = 0;
  private shown = false;
  private firstDone: number | undefined;
  private lastShown = false;
  private checkStarted: number | undefined;

  private readonly on: boolean;

  constructor(
    private readonly io: CliIO,
    enabled: boolean,
    log: boolean,
  ) {
    this.tty = Boolean(io.stderr.isTTY);
    this.on = enabled && (this.tty || log);
  }

  tick(p: BoundProgress): void {
    if (!this.on) return;
    this.firstDone ??= p.done;
    const now = performance.now();
    // The line of the last item once; the fallback searches after it pulse on.
    const last = p.done === p.total && !this.lastShown;
    if (now - this.last < (this.tty ? 200 : 60_000) && !last) return;
    this.lastShown ||= p.done === p.total;
    this.last = now;
    const secs = (now - this.started) / 1000;
    const doneHere = p.done - this.firstDone;
    const left = doneHere > 0 && p.done < p.total ? ((p.total - p.done) * secs) / doneHere : undefined;
    const line = `bound: ${p.done}/${p.total} items, ${p.positions.toLocaleString('en-US')} positions, ${Math.round(p.positions / Math.max(secs, 0.001)).toLocaleString('en-US')}/s, ${duration(secs)}${left === undefined ? '' : `, about ${duration(left)} left`}`;
    this.io.stderr.write(this.tty ? `\r\x1b[K${line}` : `${line}\n`);
    this.shown = true;
  }

  /**
   * The check of the proof found (which comes after the search): splits and characters so far,
   * of the body's `total` (the time left guessed from the share of the text read).
   */
  checking(positions: number, characters: number, total: number): void {
    if (!this.on) return;
    const now = performance.now();
    this.checkStarted ??= now;
    if (now - this.last < (this.tty ? 200 : 60_000)) return;
    this.last = now;
    const secs = (now - this.checkStarted) / 1000;
    const left = characters > 0 && characters < total ? ((total - characters) * secs) / characters : undefined;
    const line = `bound: checking the proof: ${positions.toLocaleString('en-US')} positions, ${mibText(characters)} of ${mibText(total)} MiB of text, ${duration(secs)}${left === undefined || secs === 0 ? '' : `, about ${duration(left)} left`}`;
    this.io.stderr.write(this.tty ? `\r\x1b[K${line}` : `${line}\n`);
    this.shown = true;
  }

  end(): void {
    if (this.shown && this.tty) this.io.stderr.write('\r\x1b[K');
    this.shown = false;
  }
}

/** Characters as MiB, whole from 10 MiB up, else to a tenth. */
const mibText = (chars: number): string => (chars / 2 ** 20).toFixed(chars >= 10 * 2 ** 20 ? 0 : 1);

function duration(secs: number): string {
  if (secs < 120) return `${secs.toFixed(0)} s`;
  if (secs < 7200) return `${(secs / 60).toFixed(0)} min`;
  return `${(secs / 3600).toFixed(1)} h`;
}

function declareMerge(mm: Command) {
  return mm
    .command('merge-proofs')
    .description('join the parts written by bound --shard K/N --proof into one proof, check it independently, and write it')
    .argument('<parts...>', 'the parts (every item of the frontier must be in one of them)')
    .addOption(new Option('-o, --output <file>', 'write the proof here (whole or not at all; .gz compressed)').makeOptionMandatory())
    .addOption(timeoutOption('stop (exit 3, nothing written)'))
    .option('--unchecked', 'write the joined proof without checking it (exit 3: nothing is claimed until check FILE accepts it, whole, with --jobs or part by part)')
    .option('--json', 'print {"status","guesses","positions","output"}');
}

async function mergeCommand(io: CliIO, paths: readonly string[], flags: ReturnType<ReturnType<typeof declareMerge>['opts']>): Promise<ExitCode> {
  const deadline = deadlineOf(performance.now(), flags.timeout);
  checkOutputs([flags.output], paths);
  const parts = await Promise.all(paths.map(async (p) => ({ part: readBoundPart(linesOf(textPieces(await readGameBytes(io, p))), p), where: p })));
  const r = mergeBoundParts(parts, deadline, !flags.unchecked);
  const say = (json: object, text: string) => io.stdout.write((flags.json ? JSON.stringify(json) : text) + '\n');
  if (r.status === 'incomplete') {
    const list = r.missing.slice(0, 10).join(', ') + (r.missing.length > 10 ? ', ...' : '');
    say({ status: 'incomplete', missing: r.missing }, `incomplete: ${plural(r.missing.length, 'item')} of ${r.frontier} in no part (${list}); nothing written`);
    return exitCode('UNDECIDED');
  }
  if (r.status === 'open') {
    say({ status: 'open', open: r.open }, `not proven by this frontier: ${plural(r.open.length, 'item')} open (${r.open.slice(0, 10).join(', ')}); run bound without --shard, which tries the first guesses' other answers; nothing written`);
    return exitCode('UNDECIDED');
  }
  if (r.status === 'unchecked') {
    say({ status: 'unknown' }, `unknown: ${theLimit(flags.timeout)} came before the joined proof was checked; nothing written`);
    return exitCode('UNDECIDED');
  }
  writeGameFile(io, flags.output, r.text);
  if (r.status === 'joined') {
    say({ status: 'unchecked', guesses: r.guesses, positions: r.positions, output: flags.output }, `unchecked: ${paths.length} parts joined, ${plural(r.positions, 'position')}; the proof is written to ${flags.output} unchecked, and nothing is claimed until check ${flags.output} accepts it`);
    return exitCode('UNDECIDED');
  }
  say(
    { status: 'proven', guesses: r.guesses, positions: r.positions, output: flags.output },
    `proven: no strategy wins every play within ${guesses(r.guesses - 1)}; at least ${r.guesses} are needed (${paths.length} parts, ${plural(r.positions, 'position')}; proof checked and written to ${flags.output})`,
  );
  return exitCode('OK');
}

/** Words that end a game of `play` (as does an empty line or the end of input). */
const QUIT = ['quit', 'exit', 'q'];

function declarePlay(mm: Command) {
  return gameOptions(mm.command('play'))
    .description('play against a code-maker that lies up to e times: type a guess per line (? for a hint; quit, an empty line or end of input gives up)')
    .addOption(new Option('--seed <n>', 'the game to play (same seed, same secret and lies; default: from the clock)').argParser(wholeNumber(0, 2 ** 32 - 1)))
    .addOption(timeoutOption('per hint: the best guess ranked by then'));
}

async function playCommand(io: CliIO, flags: ReturnType<ReturnType<typeof declarePlay>['opts']>): Promise<ExitCode> {
  const rules = rulesOf(flags);
  const seed = flags.seed ?? Date.now() % 2 ** 32;
  const maker = new CodeMaker(rules, seed);
  const g = rules.game;
  const turns: Turn[] = [];
  const say = (s: string) => io.stdout.write(s + '\n');
  say(playIntro(rules, seed));
  say('Your guess (? for a hint, quit to give up):');
  const lied = () => `the code-maker lied ${plural(maker.liesUsed, 'time')}`;
  for await (const raw of readLines(io, '-')) {
    const line = raw.trim();
    if (line === '' || QUIT.includes(line.toLowerCase())) break;
    if (line === '?') {
      say(hint(rules, turns, deadlineOf(performance.now(), flags.timeout)));
      continue;
    }
    let guess: number;
    try {
      guess = g.parse(line, `guess ${maker.turns + 1}`);
    } catch (e) {
      say(`${(e as Error).message} (or ? for a hint, quit to give up)`);
      continue;
    }
    const a = maker.answer(guess);
    turns.push({ guess, answer: a.answer });
    say(turnLine(rules, maker.turns, guess, a.answer));
    if (a.won) {
      say(solvedLine(maker.turns, maker.liesUsed));
      return exitCode('OK');
    }
  }
  say(`Given up after ${guesses(maker.turns)}: the code was ${g.format(maker.secret)}; ${lied()}.`);
  return exitCode('FAILED_BLOCK');
}

function hint(rules: Rules, turns: readonly Turn[], deadline: number | undefined): string {
  try {
    return hintLine(rules, suggestNext(rules, turns, deadline === undefined ? {} : { deadline }));
  } catch (e) {
    return `no hint: ${(e as Error).message}`;
  }
}

export function addMastermindCommand(program: Command, io: CliIO, setExit: SetExit): void {
  const mm = program
    .command('mastermind')
    .description('Mastermind and the AB game when the code-maker may lie: candidates, next guess, strategies, their check, lower bounds, play')
    .addHelpText(
      'after',
      `\n${helpParagraph(
        'Rules: the code-maker may give up to E false answers (any answer of the game but the true one). With --end truthful (the default) a right guess is always answered PA0B and ends the game; with --end deniable it may be denied by a lie, and the game ends when a guess is answered PA0B.',
      )}

Examples:
  nonocrypt mastermind candidates --lies 1 --history "1122=1A0B,3345=0A2B"
  nonocrypt mastermind next --lies 2 --history "1122=0A1B"
  nonocrypt mastermind strategy --lies 1 -o mm-e1.strategy
  nonocrypt mastermind check examples/games/mastermind-e1-7.strategy
  nonocrypt mastermind bound --lies 1 --guesses 7 --proof mm-e1-lower-7.proof
  nonocrypt mastermind check mm-e1-lower-7.proof
  nonocrypt mastermind play --game ab --lies 1 --seed 7`,
    );
  declareCandidates(mm).action((opts) => setExit(candidatesCommand(io, opts)));
  declareNext(mm).action((opts) => setExit(nextCommand(io, opts)));
  declareStrategy(mm).action(async (opts) => setExit(await strategyCommand(io, opts)));
  declareCheck(mm).action(async (file, opts) => setExit(await checkCommand(io, file, opts)));
  declareBound(mm).action(async (opts) => setExit(await boundCommand(io, opts)));
  declareMerge(mm).action(async (parts, opts) => setExit(await mergeCommand(io, parts, opts)));
  declarePlay(mm).action(async (opts) => setExit(await playCommand(io, opts)));
}

function summaryLine(c: Extract<CheckReport, { valid: true }>): string {
  return `every play wins within ${guesses(c.worst)}${c.claimed !== undefined && c.claimed !== c.worst ? ` (claimed ${c.claimed})` : ''}; average ${c.averageTruthful.toFixed(4)} without lies, ${c.averageAll.toFixed(4)} over all ${plural(c.plays, 'play')} (${c.game})`;
}
