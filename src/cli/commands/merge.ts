import type { Command } from '@commander-js/extra-typings';
import { listed, mergeParts, readPart, type MergedVerdict } from '../../collection/mergeParts.js';
import type { CliIO, SetExit } from '../CliIO.js';
import { exitCode } from '../ExitCode.js';
import { checkOutputs, readText, writeOutput } from '../io.js';
import { outputOption, usage } from '../options.js';

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
      "\nExit 0 when unique (one picture, every part searched to the end); 1 when multiple or none; 3 when some part did not finish; 2 for parts that do not fit together (another puzzle, another N, a part twice, or a part missing while the parts given hold fewer than two pictures).\n\nExample (a part that finds two pictures exits 1 and stops the others: the board is ambiguous):\n  parallel --halt now,fail=1 'nonocrypt solve --json -j 1 --split {}/4 -o part-{}.json big.non' ::: 1 2 3 4; nonocrypt merge part-*.json",
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
  const m = mergeParts(parts, paths);
  const text = flags.json ? JSON.stringify(m) + '\n' : [headline(m), ...m.solutions.map((rows) => rows.join('\n'))].join('\n\n') + '\n';
  writeOutput(io, flags.output ?? '-', text, paths);
  if (m.status === 'unique') return exitCode('OK');
  return m.status === 'unknown' ? exitCode('UNDECIDED') : exitCode('FAILED_BLOCK');
}

function headline(m: MergedVerdict): string {
  const of = `of ${m.parts}`;
  const open = m.unfinished.map((u) => `part ${u.part}: ${u.reason}`).join('; ');
  switch (m.status) {
    case 'unique':
      return `unique (every part ${of} searched to the end; the picture is in part ${m.foundIn[0]})`;
    case 'multiple':
      return `multiple (two of the solutions follow, from part${m.foundIn[0] === m.foundIn[1] ? ` ${m.foundIn[0]}` : `s ${m.foundIn[0]} and ${m.foundIn[1]}`} ${of})${m.unfinished.length ? `; not finished: ${open}` : ''}`;
    case 'none':
      return `none (no grid fits the clues: every part ${of} searched to the end, none has a picture)`;
    case 'unknown':
      return `unknown (${m.unfinished.length === 1 ? 'part' : 'parts'} ${listed(m.unfinished.map((u) => u.part))} ${of} did not finish: ${open}${m.solutions.length ? `; one picture found so far, in part ${m.foundIn[0]}, follows` : ''})`;
  }
}
