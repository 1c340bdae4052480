import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { certificateFormula, formulaClauses, type CertificateFormula } from '../src/certificate/make/certificateFormula.js';
import { certifyBlock, type Certificate } from '../src/certificate/make/certifyBlock.js';
import { loadProofEngine } from '../src/certificate/make/proofEngine.js';
import { checkCertificates } from '../src/certificate/check/checkCertificate.js';
import type { ClueFile } from '../src/certificate/check/readClues.js';
import { encrypt } from '../src/cipher/encrypt.js';
import { builtinTable, type BuiltinTableName } from '../src/cipher/Table.js';
import { parseCiphertext } from '../src/formats/ciphertext.js';
import type { Grid, Puzzle } from '../src/grid/Puzzle.js';
import { solvePuzzle } from '../src/solve/solvePuzzle.js';
import { timed } from './harness/commands.js';
import { packageRoot } from './harness/doc.js';
import { ints, list, str, whole } from './harness/flags.js';
import { benchDir, englishText, sharedSet } from './harness/inputs.js';
import { groupBy, int, max, mb, median, secs, sum } from './harness/stats.js';
import { defineSuite, part, prose, view, type Run } from './harness/suite.js';
import { orderFormula } from './orderFormula.js';
import { plainAutomatonFormula } from './plainAutomatonFormula.js';

/**
 * Certificates (issue 33). Part `certificates`: every block of the shipped ciphertexts, of
 * 1,000-character messages at n = 10, 25, 50 under both tables, and the `unique` puzzles of a
 * tournament set and of the survey: the time to verify (decide the block), to certify (the
 * certificate formula and its LRAT proof from the proof engine), to check (our independent
 * checker, in memory), and the proof's size as text and gzipped. Part `encodings`: the same
 * blocks that line logic does not settle, proved under three encodings (the chosen one, the
 * automaton encoding without merged literals, the block-start order encoding): proof size and
 * proving time.
 */
interface Block {
  readonly set: string;
  readonly id: string;
  readonly puzzle: Puzzle;
  readonly givens: readonly number[];
}

interface Measured {
  readonly verdict: string;
  readonly lineSolvable: boolean;
  readonly verifyCpu: number;
  readonly certifyCpu?: number;
  readonly proofBytes?: number;
  readonly gzBytes?: number;
  readonly cnfBytes?: number;
  readonly checkCpu?: number;
  readonly checked?: string;
  readonly reason?: string;
}

/** CPU seconds of `fn`: this process's, plus an engine's own process when it runs in one (its outcome says so). */
async function cpuOf<V>(fn: () => V | Promise<V>, child: (v: V) => number = () => 0): Promise<{ value: V; cpu: number }> {
  const t = await timed(fn);
  return { value: t.value, cpu: t.cpu + child(t.value) };
}

const childCpu = (o: unknown): number => (o as { childCpuSeconds?: number }).childCpuSeconds ?? 0;

let inputsMemo: Promise<Block[]> | undefined;

async function makeInputs(o: { sizes: number[]; tables: BuiltinTableName[]; tournament: string; count: number; dir: string | undefined; chars: number }): Promise<Block[]> {
  const blocks: Block[] = [];
  for (const name of ['to-be.txt', 'needs-search.nc', 'to-be-block2.nc']) {
    const c = parseCiphertext(readFileSync(join(packageRoot(), 'examples', name), 'utf8'));
    c.blocks.forEach((b, k) => blocks.push({ set: 'examples', id: `${name}#${k + 1}`, puzzle: b.puzzle, givens: b.annotation }));
  }
  for (const n of o.sizes) {
    for (const t of o.tables) {
      const r = await encrypt(englishText(o.chars), { size: n, table: builtinTable(t) });
      r.ciphertext.blocks.forEach((b, k) => blocks.push({ set: `message n=${n} ${t}`, id: `n${n}-${t}#${k + 1}`, puzzle: b.puzzle, givens: b.annotation }));
    }
  }
  const dir = benchDir(o.dir);
  for (const e of sharedSet(dir, o.tournament).slice(0, o.count)) blocks.push({ set: o.tournament, id: e.id, puzzle: e.puzzle, givens: [] });
  for (const e of sharedSet(dir, 'survey')) if (e.known === 'unique') blocks.push({ set: 'survey', id: e.id, puzzle: e.puzzle, givens: [] });
  return blocks;
}

/** The certificate files in memory, as check-certificate reads them from a folder. */
function checkInMemory(b: Block, cert: Certificate): Promise<string> {
  const file: ClueFile = { format: 'nin', blocks: [{ width: b.puzzle.width, height: b.puzzle.height, rows: b.puzzle.rows, cols: b.puzzle.cols, givens: [...b.givens].sort((x, y) => x - y) }] };
  const files = new Map([['x.cnf', [cert.cnf]], ['x.lrat', [...cert.proof]]]);
  return checkCertificates(file, 'x', { open: (name) => (files.has(name) ? (async function* () { yield* files.get(name)!; })() : undefined) }).then((r) => r.blocks[0]!.status + (r.blocks[0]!.reason ? `: ${r.blocks[0]!.reason}` : ''));
}

async function measure(b: Block): Promise<Measured> {
  const prove = await loadProofEngine();
  const v = await cpuOf(() => solvePuzzle(b.puzzle, { givens: b.givens }));
  const r = v.value;
  const base = { verdict: r.status, lineSolvable: r.status === 'unique' && r.lineSolvable, verifyCpu: v.cpu };
  if (r.status !== 'unique' && r.status !== 'none') return base;
  let child = 0;
  const counting = ((n, clauses, options) => {
    const out = prove(n, clauses, options);
    child += childCpu(out);
    return out;
  }) as typeof prove;
  const c = await cpuOf(() => certifyBlock(counting, b.puzzle, b.givens, r.status === 'unique' ? r.grid : undefined));
  if (c.value.kind !== 'certified') return { ...base, reason: c.value.reason };
  const cert = c.value.certificate;
  const k = await cpuOf(() => checkInMemory(b, cert));
  const gz = gzipSync(Buffer.concat(cert.proof.map((p) => Buffer.from(p)))).length;
  return { ...base, certifyCpu: c.cpu + child, proofBytes: cert.proofBytes, gzBytes: gz, cnfBytes: cert.cnf.length, checkCpu: k.cpu, checked: k.value };
}

const ENCODINGS: Record<string, (p: Puzzle, g: readonly number[], x?: Grid) => CertificateFormula> = {
  'automaton, merged (chosen)': certificateFormula,
  'automaton, plain': plainAutomatonFormula,
  'block starts, order': orderFormula,
};

interface Proved {
  readonly vars: number;
  readonly clauses: number;
  readonly status: string;
  readonly proofBytes: number;
  readonly cpu: number;
}

async function proveWith(encoding: string, b: Block): Promise<Proved | undefined> {
  const r = solvePuzzle(b.puzzle, { givens: b.givens });
  if ((r.status !== 'unique' && r.status !== 'none') || (r.status === 'unique' && r.lineSolvable)) return undefined;
  const prove = await loadProofEngine();
  const f = ENCODINGS[encoding]!(b.puzzle, b.givens, r.status === 'unique' ? r.grid : undefined);
  let bytes = 0;
  const t = await cpuOf(() => prove(f.numVars, formulaClauses(f), { onProof: (c) => (bytes += c.length) }), childCpu);
  return { vars: f.numVars, clauses: f.numClauses, status: t.value.status, proofBytes: bytes, cpu: t.cpu };
}

type M = Run<Block, Measured>;
type E = Run<Block, Proved | undefined>;

const kb = (bytes: number) => (Number.isFinite(bytes) ? `${int(Math.round(bytes / 1000))} kB` : '-');

export const suite = defineSuite({
  about: 'certificates (issue 33): time to certify against time to verify, time to check, proof sizes; three encodings compared',
  flags: {
    sizes: ints([10, 25, 50], 'board sides of the messages'),
    tables: list<BuiltinTableName>(['classic', 'frequency'], 'tables of the messages', ['classic', 'frequency']),
    chars: whole(1000, 'characters per message'),
    tournament: str('taai2011', 'tournament set whose unique puzzles are certified', ['taai2011', 'tcga2016', 'icga2017']),
    count: whole(1000, 'puzzles of the tournament set scanned for unique ones'),
    dir: str(undefined, 'folder of the shared benchmark puzzles (default ../shared/bench)'),
    parts: list(['certificates', 'encodings'], 'parts to run', ['certificates', 'encodings']),
  },
  title: () => 'certificates: LRAT proofs of unique verdicts',
  intro: (o) =>
    `Blocks: every block of the shipped ciphertexts (examples/); ${o.chars}-character English messages (bench/harness/inputs.ts, seed 2024) encrypted at n = ${o.sizes.join(', ')} under the ${o.tables.join(' and ')} tables (default annotations); the first ${o.count} puzzles of ${o.tournament} and the survey puzzles known unique (../shared/bench), each solved first: only \`unique\` (and \`none\`) verdicts are certified. ` +
    "CPU seconds of this process (the proof engine, CaDiCaL 1.7.4 in WebAssembly, runs in it), plus the engine's own process where it runs as one (before the WebAssembly engine reached this branch, a stand-in ran a native scratch build as a child process: its CPU time from CaDiCaL's own report). Check: our independent checker (src/certificate/check/) on the files in memory. The machine was shared with other work (load averages in the header): CPU times, not wall times, and ratios.",
  parts: async (o) => {
    const inputs = () => (inputsMemo ??= makeInputs(o));
    const certificates = part({
      name: 'certificates',
      inputs,
      key: (b: Block) => b.id,
      commands: [{ label: 'certify', run: (b: Block) => measure(b) }],
      views: (runs: readonly M[]) => {
        const sets = groupBy(runs, (r) => r.input.set);
        const done = (g: readonly M[]) => g.filter((r) => r.value.proofBytes !== undefined);
        const col = (f: (m: Measured) => number | undefined) => (g: readonly M[]) => done(g).map((r) => f(r.value)!);
        const largest = [...runs].filter((r) => r.value.proofBytes !== undefined).sort((a, b) => b.value.proofBytes! - a.value.proofBytes!)[0];
        return [
          view({
            title: 'Per set: medians and maxima per block',
            rows: sets,
            columns: [
              ['set', (g) => g[0]!.input.set],
              ['blocks', (g) => g.length],
              ['certified', (g) => `${done(g).length} (${done(g).filter((r) => r.value.lineSolvable).length} line-solvable)`],
              ['verify s, median / max', (g) => `${secs(median(col((m) => m.verifyCpu)(g)))} / ${secs(max(col((m) => m.verifyCpu)(g)))}`],
              ['certify s, median / max', (g) => `${secs(median(col((m) => m.certifyCpu)(g)))} / ${secs(max(col((m) => m.certifyCpu)(g)))}`],
              ['certify / verify (totals)', (g) => (sum(col((m) => m.certifyCpu)(g)) / sum(col((m) => m.verifyCpu)(g))).toFixed(1)],
              ['check s, median / max', (g) => `${secs(median(col((m) => m.checkCpu)(g)))} / ${secs(max(col((m) => m.checkCpu)(g)))}`],
              ['proof, median / max', (g) => `${kb(median(col((m) => m.proofBytes)(g)))} / ${kb(max(col((m) => m.proofBytes)(g)))}`],
              ['gzip / text', (g) => (sum(col((m) => m.gzBytes)(g)) / sum(col((m) => m.proofBytes)(g))).toFixed(2)],
              ['.cnf, max', (g) => kb(max(col((m) => m.cnfBytes)(g)))],
            ],
          }),
          prose(
            largest
              ? `Largest proof: ${largest.input.id} (${largest.input.puzzle.width}x${largest.input.puzzle.height}), ${mb(largest.value.proofBytes!)} as text, ${mb(largest.value.gzBytes!)} gzipped; certified in ${secs(largest.value.certifyCpu!)} s, checked in ${secs(largest.value.checkCpu!)} s (verify ${secs(largest.value.verifyCpu)} s).`
              : 'No proof made.',
          ),
        ];
      },
      problems: (runs: readonly M[]) =>
        runs.flatMap((r) => [
          ...(r.value.checked !== undefined && r.value.checked !== r.value.verdict ? [`${r.input.id}: the checker says ${r.value.checked}, the verdict is ${r.value.verdict}`] : []),
          ...(r.value.reason ? [`${r.input.id}: not certified (${r.value.reason})`] : []),
        ]),
    });
    const encodings = part({
      name: 'encodings',
      inputs,
      key: (b: Block) => b.id,
      commands: Object.keys(ENCODINGS).map((e) => ({ label: e, run: (b: Block) => proveWith(e, b) })),
      views: (runs: readonly E[]) => {
        const proved = runs.filter((r) => r.value !== undefined);
        const rows = groupBy(proved, (r) => `${r.input.set.startsWith('message') ? 'messages' : r.input.set}\t${r.command}`);
        const all = groupBy(proved, (r) => r.command);
        const columns = [
          ['blocks', (g: E[]) => g.length],
          ['variables / clauses, median', (g: E[]) => `${int(median(g.map((r) => r.value!.vars)))} / ${int(median(g.map((r) => r.value!.clauses)))}`],
          ['proof, median', (g: E[]) => kb(median(g.map((r) => r.value!.proofBytes)))],
          ['proof, max', (g: E[]) => kb(max(g.map((r) => r.value!.proofBytes)))],
          ['proof, total', (g: E[]) => kb(sum(g.map((r) => r.value!.proofBytes)))],
          ['prove s, median / max', (g: E[]) => `${secs(median(g.map((r) => r.value!.cpu)))} / ${secs(max(g.map((r) => r.value!.cpu)))}`],
        ] as const;
        return [
          view({
            title: 'Encodings, per set (blocks that line logic does not settle)',
            rows,
            columns: [['set', (g: E[]) => g[0]!.input.set.startsWith('message') ? 'messages' : g[0]!.input.set], ['encoding', (g: E[]) => g[0]!.command], ...columns],
          }),
          view({ title: 'Encodings, all of them', rows: all, columns: [['encoding', (g: E[]) => g[0]!.command], ...columns] }),
        ];
      },
      problems: (runs: readonly E[]) => runs.filter((r) => r.value && r.value.status !== 'unsat').map((r) => `${r.input.id} (${r.command}): ${r.value!.status}, expected unsat`),
    });
    return [...(o.parts.includes('certificates') ? [certificates] : []), ...(o.parts.includes('encodings') ? [encodings] : [])];
  },
});
