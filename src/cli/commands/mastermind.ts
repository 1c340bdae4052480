import { Option, type Command, type OptionValues } from '@commander-js/extra-typings';
import { buildStrategy } from '../../games/build/buildStrategy.js';
import { proveBound } from '../../games/build/proveBound.js';
import { checkStrategy, type CheckReport } from '../../games/check/checkStrategy.js';
import { formatAnswer } from '../../games/model/Answer.js';
import { defaultSpec, GAME_KINDS, type GameKind } from '../../games/model/Game.js';
import { parseHistory, type Turn } from '../../games/model/History.js';
import { END_RULES, Rules, type EndRule } from '../../games/model/Rules.js';
import { candidates, DEFAULT_COUNT_LIMIT } from '../../games/play/candidates.js';
import { CodeMaker } from '../../games/play/CodeMaker.js';
import { suggestNext } from '../../games/play/suggestNext.js';
import type { CliIO, SetExit } from '../CliIO.js';
import { exitCode } from '../ExitCode.js';
import { checkOutputs, Progress, readLines, readText, writeOutput } from '../io.js';
import { defaultJobs, seconds, usage, wholeNumber } from '../options.js';

/**
 * `nonocrypt mastermind <command>`: deductive games with lies (src/games/). Each action reads
 * its flags and inputs, calls the library once, and prints.
 */
interface GameFlags {
  game: GameKind;
  pegs?: number;
  symbols?: number;
  lies: number;
  end: EndRule;
  json?: boolean;
  quiet?: boolean;
}

function rulesOf(flags: GameFlags): Rules {
  const d = defaultSpec(flags.game);
  return new Rules({ kind: flags.game, pegs: flags.pegs ?? d.pegs, symbols: flags.symbols ?? d.symbols, lies: flags.lies, end: flags.end });
}

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
    );
}

const historyOption = () => new Option('--history <turns>', 'the turns so far: GUESS=xAyB separated by commas, e.g. "1122=1A0B,3456=0A2B" (default: none)');

export function addMastermindCommand(program: Command, io: CliIO, setExit: SetExit): void {
  const mm = program
    .command('mastermind')
    .description('Mastermind and the AB game when the code-maker may lie: candidates, next guess, strategies, their check, lower bounds, play')
    .addHelpText(
      'after',
      `\nRules: the code-maker may give up to E false answers (any answer of the game but the true one).
With --end truthful (the default) a right guess is always answered PA0B and ends the game; with
--end deniable it may be denied by a lie, and the game ends when a guess is answered PA0B.

Examples:
  nonocrypt mastermind candidates --lies 1 --history "1122=1A0B,3345=0A2B"
  nonocrypt mastermind next --lies 2 --history "1122=0A1B"
  nonocrypt mastermind strategy --lies 1 -o mm-e1.strategy
  nonocrypt mastermind check examples/games/mastermind-e1-7.strategy
  nonocrypt mastermind bound --lies 1 --guesses 7
  nonocrypt mastermind play --game ab --lies 1 --seed 7`,
    );

  gameOptions(mm.command('candidates'))
    .description('the codes that fit a history: sizes of C^(0..e) (codes contradicting exactly j answers), the codes, and the answers that must have been lies')
    .addOption(historyOption())
    .addOption(new Option('--limit <n>', 'codes listed per level').argParser(wholeNumber(0, 1_000_000)).default(20))
    .addOption(new Option('--method <method>', 'auto (enumerate up to 4,194,304 codes, else SAT), enumerate, or sat').choices(['auto', 'enumerate', 'sat']).default('auto'))
    .addOption(new Option('--count-limit <n>', `SAT: stop counting a level at n codes (default ${DEFAULT_COUNT_LIMIT}; counts are then lower bounds)`).argParser(wholeNumber(1, 1e9)))
    .option('--json', 'print {"counts":[...],"exact","codes":[[...]],"certainLies":[...],...}')
    .action((opts) => {
      const rules = rulesOf(opts);
      const turns = parseHistory(opts.history ?? '', rules, '--history');
      const r = candidates(rules, turns, { limit: opts.limit, method: opts.method, ...(opts.countLimit ? { countLimit: opts.countLimit } : {}) });
      const g = rules.game;
      const certain = r.lies.map((i) => ({ turn: i + 1, guess: g.format(turns[i]!.guess), answer: formatAnswer(rules.pegs, turns[i]!.answer) }));
      if (opts.json) {
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
        const lines = r.counts.map((n, j) => {
          const shown = r.codes[j]!.map((c) => g.format(c));
          const more = n > shown.length ? ` ...` : '';
          const what = j === 0 ? 'fit every answer' : `contradict exactly ${j} answer${j === 1 ? '' : 's'}`;
          return `C${j}: ${r.exactCounts[j] ? '' : '>= '}${n} code${n === 1 ? '' : 's'} ${what}${shown.length ? ': ' + shown.join(' ') + more : ''}`;
        });
        if (certain.length) lines.push(`certain lies: ${certain.map((c) => `turn ${c.turn} (${c.guess}=${c.answer})`).join(', ')}`);
        if (r.counts.every((n) => n === 0)) lines.push(`no code fits these answers with at most ${rules.lies} lie${rules.lies === 1 ? '' : 's'}`);
        io.stdout.write(lines.join('\n') + '\n');
      }
      setExit(r.counts.every((n) => n === 0) ? exitCode('FAILED_BLOCK') : r.exact && r.undecided.length === 0 ? exitCode('OK') : exitCode('UNDECIDED'));
    });

  gameOptions(mm.command('next'))
    .description('the suggested next guess after a history, and the partition it makes (sizes of C^(0..e) after each answer)')
    .addOption(historyOption())
    .option('--json', 'print {"guess","mayWin","lowerBound","counts":[...],"partition":[{"answer","counts"}]}')
    .action((opts) => {
      const rules = rulesOf(opts);
      const turns = parseHistory(opts.history ?? '', rules, '--history');
      const n = suggestNext(rules, turns);
      const g = rules.game;
      if (n.guess < 0) {
        io.stderr.write(`nonocrypt: no code fits these answers with at most ${rules.lies} lie${rules.lies === 1 ? '' : 's'}\n`);
        setExit(exitCode('FAILED_BLOCK'));
        return;
      }
      const partition = n.partition.map((p) => ({ answer: formatAnswer(rules.pegs, p.answer), counts: p.counts }));
      if (opts.json) {
        io.stdout.write(JSON.stringify({ guess: g.format(n.guess), mayWin: n.mayWin, lowerBound: n.lowerBound, counts: n.counts, partition }) + '\n');
      } else {
        const head = ['answer', ...n.counts.map((_, j) => `C${j}`)];
        const rows = partition.map((p) => [p.answer, ...p.counts.map(String)]);
        const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
        const fmt = (r: string[]) => r.map((c, i) => c.padStart(widths[i]!)).join('  ');
        io.stdout.write(
          [
            `next guess: ${g.format(n.guess)}${n.mayWin ? ' (it may be the code)' : ''}; now ${n.counts.join(' / ')} codes in C0..C${rules.lies}; at least ${n.lowerBound} more guess${n.lowerBound === 1 ? '' : 'es'} by volume`,
            fmt(head),
            ...rows.map(fmt),
          ].join('\n') + '\n',
        );
      }
      setExit(exitCode('OK'));
    });

  gameOptions(mm.command('strategy'))
    .description('build a whole strategy (a tree of guesses), check it independently, and write it as JSON')
    .addOption(new Option('-o, --output <file>', 'write the strategy file here (whole or not at all; - for stdout)').makeOptionMandatory())
    .addOption(new Option('--method <method>', 'search: volume-guided search that proves each subtree within its budget; kwb: the chapter\'s k-way branching').choices(['search', 'kwb']).default('search'))
    .addOption(new Option('-k, --branch <k>', 'guesses tried per position (search, default 4) or groups expanded (kwb, default 1)').argParser(wholeNumber(1, 64)))
    .addOption(new Option('--guesses <h>', 'search: build a strategy within h guesses (default: from the volume lower bound up)').argParser(wholeNumber(1, 40)))
    .addOption(new Option('-j, --jobs <n>', 'worker threads (default: the number of cores)').argParser(wholeNumber(1, 256)))
    .addOption(new Option('-t, --time-limit <seconds>', 'stop the whole build after this long (exit 3, nothing written)').argParser(seconds))
    .option('--json', 'print a JSON summary on stdout')
    .option('-q, --quiet', 'nothing on stderr but errors')
    .action(async (opts) => {
      const rules = rulesOf(opts);
      if (opts.json && opts.output === '-') usage('--json and -o - both write to standard output: give -o a file');
      checkOutputs([opts.output], []);
      const progress = new Progress(io, !opts.quiet && !opts.json, 'subtrees');
      const r = await buildStrategy(rules, {
        method: opts.method,
        ...(opts.branch ? { branch: opts.branch } : {}),
        ...(opts.guesses ? { guesses: opts.guesses } : {}),
        ...(opts.timeLimit ? { timeLimitMs: opts.timeLimit * 1000 } : {}),
        jobs: opts.jobs ?? defaultJobs(),
        onProgress: (p) => progress.tick(p.done, p.total, `within ${p.guesses}: `),
      });
      progress.end();
      const secs = +(r.ms / 1000).toFixed(2);
      if (r.status !== 'built') {
        const why = r.status === 'timeout' ? `time limit reached after ${secs} s` : `no strategy found within ${r.failed.join(', ')} guesses`;
        if (opts.json) io.stdout.write(JSON.stringify({ status: r.status, failed: r.failed, seconds: secs }) + '\n');
        else io.stderr.write(`nonocrypt: ${why}; nothing written\n`);
        setExit(exitCode('UNDECIDED'));
        return;
      }
      writeOutput(io, opts.output, r.file!);
      const c = r.check!;
      if (opts.json) {
        io.stdout.write(JSON.stringify({ status: 'built', worst: c.worst, averageTruthful: c.averageTruthful, averageAll: c.averageAll, plays: c.plays, seconds: secs, output: opts.output }) + '\n');
      } else if (!opts.quiet) {
        io.stderr.write(`${summaryLine(c)}; built in ${secs} s${opts.output === '-' ? '' : `, written to ${opts.output}`}\n`);
      }
      setExit(exitCode('OK'));
    });

  mm.command('check')
    .description('check a strategy file independently: every secret, every placement of at most e lies, within the worst case it claims')
    .argument('<file>', 'a strategy file (JSON); - for standard input')
    .option('--json', 'print {"valid","worst",...} or the failing line of play')
    .action(async (file, opts) => {
      const r = checkStrategy(await readText(io, file), file === '-' ? '<stdin>' : file);
      if (opts.json) io.stdout.write(JSON.stringify(r) + '\n');
      else if (r.valid) io.stdout.write(`valid: ${summaryLine(r)}\n`);
      else {
        const play = r.turns.map((t) => `${t.guess}=${t.answer}${t.lie ? ' (lie)' : ''}`).join(', ');
        io.stdout.write(`INVALID (${r.game}): secret ${r.secret}, after ${play || 'no guess'}: ${r.problem}\n`);
      }
      setExit(r.valid ? exitCode('OK') : exitCode('FAILED_BLOCK'));
    });

  gameOptions(mm.command('bound'))
    .description('prove that no strategy always wins within h - 1 guesses (so h are needed), or say that it could not')
    .addOption(new Option('--guesses <h>', 'the lower bound to prove').argParser(wholeNumber(1, 40)).makeOptionMandatory())
    .addOption(new Option('-t, --time-limit <seconds>', 'give up after this long (exit 3: not proven, nothing claimed)').argParser(seconds))
    .option('--json', 'print {"status","guesses","nodes","seconds"}')
    .action((opts) => {
      const rules = rulesOf(opts);
      const r = proveBound(rules, opts.guesses, opts.timeLimit ? { deadline: performance.now() + opts.timeLimit * 1000 } : {});
      const secs = +(r.ms / 1000).toFixed(2);
      if (opts.json) {
        io.stdout.write(JSON.stringify({ status: r.status, guesses: r.guesses, byVolume: r.byVolume, nodes: r.nodes, volumeCuts: r.volumeCuts, seconds: secs }) + '\n');
      } else {
        const h = opts.guesses;
        const text =
          r.status === 'proven'
            ? `proven: no strategy wins every play within ${h - 1} guess${h === 2 ? '' : 'es'}; at least ${h} are needed (${r.byVolume ? 'by the volume bound alone' : `${r.nodes} positions searched`}, ${secs} s)`
            : r.status === 'refuted'
              ? `refuted: a strategy wins every play within ${h - 1} guesses (${r.nodes} positions searched, ${secs} s)`
              : `unknown: not decided within the time limit (${r.nodes} positions searched, ${secs} s); nothing is claimed`;
        io.stdout.write(text + '\n');
      }
      setExit(r.status === 'proven' ? exitCode('OK') : r.status === 'refuted' ? exitCode('FAILED_BLOCK') : exitCode('UNDECIDED'));
    });

  gameOptions(mm.command('play'))
    .description('play against a code-maker that lies up to e times: type a guess per line (? for a hint; an empty line or end of input gives up)')
    .addOption(new Option('--seed <n>', 'the game to play (same seed, same secret and lies; default: from the clock)').argParser(wholeNumber(0, 2 ** 32 - 1)))
    .action(async (opts) => {
      const rules = rulesOf(opts);
      const seed = opts.seed ?? Date.now() % 2 ** 32;
      const maker = new CodeMaker(rules, seed);
      const g = rules.game;
      const turns: Turn[] = [];
      const say = (s: string) => io.stdout.write(s + '\n');
      say(`${rules.describe()}: ${g.size} codes of ${g.pegs} symbols ${g.symbolRange()}${rules.kind === 'ab' ? ', all different' : ''}. Seed ${seed}.`);
      say('Your guess (? for a hint):');
      for await (const raw of readLines(io, '-')) {
        const line = raw.trim();
        if (line === '') break;
        if (line === '?') {
          try {
            const n = suggestNext(rules, turns);
            say(n.guess < 0 ? 'no code fits these answers' : `hint: ${g.format(n.guess)} (now ${n.counts.join(' / ')} codes in C0..C${rules.lies})`);
          } catch (e) {
            say(`no hint: ${(e as Error).message}`);
          }
          continue;
        }
        let guess: number;
        try {
          guess = g.parse(line, `guess ${maker.turns + 1}`);
        } catch (e) {
          say((e as Error).message);
          continue;
        }
        const a = maker.answer(guess);
        turns.push({ guess, answer: a.answer });
        say(`${maker.turns}. ${g.format(guess)} -> ${formatAnswer(rules.pegs, a.answer)}`);
        if (a.won) {
          say(`Solved in ${maker.turns} guess${maker.turns === 1 ? '' : 'es'}. The code-maker lied ${maker.liesUsed} time${maker.liesUsed === 1 ? '' : 's'}.`);
          setExit(exitCode('OK'));
          return;
        }
      }
      say(`Given up after ${maker.turns} guess${maker.turns === 1 ? '' : 'es'}: the code was ${g.format(maker.secret)}; the code-maker lied ${maker.liesUsed} time${maker.liesUsed === 1 ? '' : 's'}.`);
      setExit(exitCode('FAILED_BLOCK'));
    });
}

function summaryLine(c: Extract<CheckReport, { valid: true }>): string {
  return `every play wins within ${c.worst} guesses${c.claimed !== undefined && c.claimed !== c.worst ? ` (claimed ${c.claimed})` : ''}; average ${c.averageTruthful.toFixed(4)} without lies, ${c.averageAll.toFixed(4)} over all ${c.plays.toLocaleString('en-US')} plays (${c.game})`;
}
