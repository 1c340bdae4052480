import type { Command } from '@commander-js/extra-typings';
import { mergeParts, NOT_GIVEN, readPart, type MergedVerdict } from '../../collection/mergeParts.js';
import { listed } from '../../formats/listed.js';
import type { CliIO, SetExit } from '../CliIO.js';
import { exitCode } from '../ExitCode.js';
import { checkOutputs, readText, writeOutput } from '../io.js';
import { helpParagraph, outputOption, usage } from '../options.js';

function declare(program: Command) {
  return program
    .command('merge')
    .description("the verdict of a board split over many machines: merge the --json outputs of solve FILE --split K/N for K = 1..N (unique, multiple with both pictures, none, or unknown naming the parts that did not finish)")
    .summary('merge the parts of solve --split K/N into the board\'s verdict')
    .argument('<parts...>', 'the parts: each the --json output of solve --split K/N (one file per part, every K from 1 to N once; parts may be missing when those given hold two pictures)')
    .option('--json', 'print one JSON document: {"status","solutions":[[rows]],"foundIn":[K],"width","height","parts","unfinished":[{"part","reason"}]}')
    .addOption(outputOption('the report'))
    .addHelpText(
      'after',
      `\n${helpParagraph(
        "Exit 0 when unique (one picture, every part searched to the end); 1 when multiple or none; 3 when some part did not finish; 2 for parts that do not fit together (another puzzle, another N, a part twice, or a part missing while the parts given hold fewer than two pictures), and for a part whose clues are not its puzzle's or whose pictures do not fit them.",
      )}\n\n${helpParagraph(
        "What merge checks: each part carries the board's clues, which must be its puzzle's; merge checks every picture a part gives against the clues (with the independent checker), and that the parts' cubes split the board. It takes a finished part's word that its cube holds no other picture: a part edited to say none is not caught here. For parts from machines you do not trust: solve --split K/N --certify DIR on each, then check-certificate BOARD DIR proves the board's verdict from the certificates alone.",
      )}\n\nExample (a part that finds two pictures exits 1 and stops the others: the board is ambiguous):\n  parallel --halt now,fail=1 'nonocrypt solve --json -j 1 --split {}/4 -o part-{}.json big.non' ::: 1 2 3 4; nonocrypt merge part-*.json`,
    );
}

export function addMergeCommand(program: Command, io: CliIO, setExit: SetExit): void {
  declare(program).action(async (parts, opts) => setExit(await mergeCommand(io, parts, opts)));
}

async function mergeCommand(io: CliIO, paths: readonly string[], flags: ReturnType<ReturnType<typeof declare>['opts']>): Promise<number> {
  if (paths.includes('-')) usage('merge reads each part from its file: give the files, not standard input');
  checkOutputs([flags.output], paths);
  const parts = [];
  for (const p of paths) parts.push(readPart(await readText(io, p), p));
  const m = await mergeParts(parts, paths);
  const text = flags.json ? JSON.stringify(m) + '\n' : [headline(m), ...m.solutions.map((rows) => rows.join('\n'))].join('\n\n') + '\n';
  writeOutput(io, flags.output ?? '-', text, paths);
  if (m.status === 'unique') return exitCode('OK');
  return m.status === 'unknown' ? exitCode('UNDECIDED') : exitCode('FAILED_BLOCK');
}

function headline(m: MergedVerdict): string {
  const of = `of ${m.parts}`;
  const parts = (ks: readonly number[]) => `${ks.length === 1 ? 'part' : 'parts'} ${listed(ks)}`;
  const notGiven = m.unfinished.filter((u) => u.reason === NOT_GIVEN).map((u) => u.part);
  const stopped = m.unfinished.filter((u) => u.reason !== NOT_GIVEN);
  // One part's reason alone; several, each after its part.
  const why = stopped.length === 1 ? stopped[0]!.reason : stopped.map((u) => `part ${u.part}: ${u.reason}`).join('; ');
  switch (m.status) {
    case 'unique':
      return `unique (every part ${of} searched to the end; the picture is in part ${m.foundIn[0]})`;
    case 'multiple':
      return (
        `multiple (two of the solutions follow, from part${m.foundIn[0] === m.foundIn[1] ? ` ${m.foundIn[0]}` : `s ${m.foundIn[0]} and ${m.foundIn[1]}`} ${of})` +
        (stopped.length ? `; ${parts(stopped.map((u) => u.part))} did not finish: ${why}` : '') +
        (notGiven.length ? `; ${parts(notGiven)} ${notGiven.length === 1 ? 'was' : 'were'} not given (not needed: two pictures settle it)` : '')
      );
    case 'none':
      return `none (no grid fits the clues: every part ${of} searched to the end, none has a picture)`;
    case 'unknown':
      return `unknown (${parts(stopped.map((u) => u.part))} ${of} did not finish: ${why}${m.solutions.length ? `; one picture found so far, in part ${m.foundIn[0]}, follows` : ''})`;
  }
}
