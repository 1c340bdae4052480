import { InputError, NonocryptError } from '../../errors.js';
import { DimacsComparer } from './DimacsComparer.js';
import { LratChecker } from './LratChecker.js';
import { specFormula } from './specFormula.js';
import type { CheckedBlock, ClueFile } from './readClues.js';

/**
 * The independent certificate checker (`check-certificate FILE DIR`). It imports nothing from
 * the solver, the encoders, the SAT code or the format readers: it reads the clues itself
 * (readClues.ts), generates the formula of docs/explanation/certificates.md itself (specFormula.ts),
 * compares the certificate's .cnf with it clause by clause, checks that the picture the last
 * clause excludes fits every clue and given cell (checkPicture below), and checks the LRAT proof
 * against its own formula with its own checker (LratChecker.ts). A block is certified `unique`
 * when all of that holds, or certified `none` when the .cnf is the formula without an excluded
 * picture and its proof checks (the block has no solution).
 *
 * Files are named as `verify --certify` and `solve --certify` write them: for block K of a
 * ciphertext `STEM.block-K.cnf` with `STEM.block-K.lrat` or `STEM.block-K.lrat.gz`; for a puzzle
 * (or a one-block ciphertext given to `solve`) `STEM.cnf` and `STEM.lrat` (or `.lrat.gz`).
 * The caller opens them (the library never touches files): `open(name)` gives the bytes of a
 * file in DIR as a stream, or undefined when there is no such file. A `.gz` proof is
 * decompressed here (DecompressionStream, in Node and browsers alike).
 */
export interface CertificateFiles {
  open(name: string): AsyncIterable<Uint8Array> | undefined | Promise<AsyncIterable<Uint8Array> | undefined>;
}

export interface BlockCheck {
  /** 1-based block number. */
  readonly block: number;
  /** `unique`: certified unique; `none`: certified to have no solution; `failed`: not certified (see reason). */
  readonly status: 'unique' | 'none' | 'failed';
  readonly reason?: string;
  /** The files read (names in DIR). */
  readonly cnf?: string;
  readonly proof?: string;
  readonly proofSteps?: number;
  /** A part of a split board: its cube (cell literals) and the picture its last clause excludes. */
  readonly cube?: readonly number[];
  readonly picture?: readonly number[];
  readonly ms: number;
}

export interface CertificateReport {
  /** Every block certified unique. */
  readonly ok: boolean;
  readonly blocks: readonly BlockCheck[];
}

/** The names a block's certificate may have, in the order they are looked for. */
export function certificateNames(stem: string, file: ClueFile, block: number): string[] {
  const perBlock = `${stem}.block-${block}`;
  if (file.format !== 'cipher') return [stem];
  return file.blocks.length === 1 ? [perBlock, stem] : [perBlock];
}

export async function checkCertificates(file: ClueFile, stem: string, files: CertificateFiles, onBlock?: (b: BlockCheck) => void): Promise<CertificateReport> {
  const blocks: BlockCheck[] = [];
  for (let k = 0; k < file.blocks.length; k++) {
    const r = await checkBlock(file.blocks[k]!, k + 1, certificateNames(stem, file, k + 1), files);
    blocks.push(r);
    onBlock?.(r);
  }
  return { ok: blocks.every((b) => b.status === 'unique'), blocks };
}

/**
 * One certificate: its .cnf compared with the formula, the excluded picture checked, the proof
 * checked. A part of a split board (`part`) may have, past the formula, its cube (unit clauses
 * of cell literals, each cell once) before the excluded picture; the picture must lie in the cube.
 */
export async function checkBlock(block: CheckedBlock, k: number, names: readonly string[], files: CertificateFiles, part = false): Promise<BlockCheck> {
  const started = performance.now();
  const failed = (reason: string, more: Partial<BlockCheck> = {}): BlockCheck => ({ block: k, status: 'failed', reason, ...more, ms: performance.now() - started });
  let cnfName: string | undefined;
  let cnf: AsyncIterable<Uint8Array> | undefined;
  for (const n of names) {
    cnf = await files.open(`${n}.cnf`);
    if (cnf) {
      cnfName = `${n}.cnf`;
      break;
    }
  }
  if (!cnf || !cnfName) return failed(`no certificate: ${names.map((n) => `${n}.cnf`).join(' or ')} is missing`);
  const base = cnfName.slice(0, -4);
  let proofName = `${base}.lrat`;
  let proof = await files.open(proofName);
  if (!proof) {
    proofName = `${base}.lrat.gz`;
    proof = await files.open(proofName);
    if (proof) proof = gunzip(proof);
  }
  if (!proof) return failed(`no proof: ${base}.lrat (or .lrat.gz) is missing`, { cnf: cnfName });
  try {
    const spec = specFormula(block);
    const cells = block.width * block.height;
    const comparer = new DimacsComparer(cnfName, spec.numVars, spec.lits, spec.numClauses, part ? cells : 1);
    for await (const chunk of cnf) comparer.push(chunk);
    const extra = comparer.finish();
    const checker = new LratChecker(proofName);
    const lits = spec.lits;
    for (let at = 0; at < lits.length; ) {
      let end = at;
      while (lits[end] !== 0) end++;
      checker.addClause(lits.subarray(at, end));
      at = end + 1;
    }
    // A part's cube: the leading unit clauses past the formula (a picture clause names every cell, at least 2).
    const cube: number[] = [];
    if (part) {
      const seen = new Set<number>();
      while (cube.length < extra.length && extra[cube.length]!.length === 1 && !(cells === 1 && cube.length === extra.length - 1)) {
        const l = extra[cube.length]![0]!;
        if (Math.abs(l) > cells) return failed(`${cnfName}: clause ${spec.numClauses + cube.length + 1}: the cube's literal ${l} is not a cell variable (1..${cells})`, { cnf: cnfName, proof: proofName });
        if (seen.has(Math.abs(l))) return failed(`${cnfName}: the cube names cell variable ${Math.abs(l)} twice`, { cnf: cnfName, proof: proofName });
        seen.add(Math.abs(l));
        cube.push(l);
        checker.addClause([l]);
      }
    }
    const rest = extra.slice(cube.length);
    if (rest.length > 1) return failed(`${cnfName}: ${rest.length} clauses past the formula${part ? ' and the cube' : ''}; at most one, the excluded picture`, { cnf: cnfName, proof: proofName });
    let status: 'unique' | 'none' = 'none';
    if (rest.length === 1) {
      const bad = checkPicture(block, rest[0]!) ?? (cube.some((l) => !rest[0]!.includes(-l)) ? 'it lies outside the cube' : undefined);
      if (bad) return failed(`${cnfName}: the last clause excludes a picture that does not fit: ${bad}`, { cnf: cnfName, proof: proofName });
      checker.addClause(rest[0]!);
      status = 'unique';
    }
    for await (const chunk of proof) checker.push(chunk);
    const summary = checker.finish();
    return {
      block: k,
      status,
      cnf: cnfName,
      proof: proofName,
      proofSteps: summary.additions + summary.deletions,
      ...(part ? { cube, ...(rest.length ? { picture: rest[0]! } : {}) } : {}),
      ms: performance.now() - started,
    };
  } catch (e) {
    if (e instanceof InputError && (e.code === 'E_CERTIFICATE' || e.code === 'E_PROOF')) return failed(e.message, { cnf: cnfName, proof: proofName });
    if (e instanceof NonocryptError) throw e;
    // A stream that fails (a file that cannot be read, gzip that is corrupt) is this block's failure.
    return failed(`${proofName}: cannot read (${e instanceof Error ? e.message.split('\n')[0] : String(e)})`, { cnf: cnfName, proof: proofName });
  }
}

/**
 * Whether the clause excludes exactly one picture that fits the block: every cell variable
 * 1..W*H once (-v: black, v: white), no other variable; the picture must match every clue and
 * have every given cell black. Returns what is wrong, or undefined. Its own line walk: it shares
 * nothing with the formula (a wrong formula must not vouch for a wrong picture).
 */
export function checkPicture(block: CheckedBlock, clause: readonly number[]): string | undefined {
  const W = block.width;
  const H = block.height;
  const cells = new Int8Array(W * H).fill(-1);
  for (const l of clause) {
    const v = Math.abs(l);
    if (v > W * H) return `literal ${l} is not a cell variable (1..${W * H})`;
    if (cells[v - 1] !== -1) return `cell variable ${v} appears twice`;
    cells[v - 1] = l < 0 ? 1 : 0;
  }
  if (clause.length !== W * H) return `it names ${clause.length} of the ${W * H} cells`;
  const runs = (start: number, step: number, n: number) => {
    const out: number[] = [];
    let run = 0;
    for (let i = 0, c = start; i <= n; i++, c += step) {
      if (i < n && cells[c] === 1) run++;
      else if (run) {
        out.push(run);
        run = 0;
      }
    }
    return out.join(' ');
  };
  for (let y = 0; y < H; y++) if (runs(y * W, 1, W) !== block.rows[y]!.join(' ')) return `row ${y + 1} has runs (${runs(y * W, 1, W) || 'none'}), its clue is (${block.rows[y]!.join(' ') || 'none'})`;
  for (let x = 0; x < W; x++) if (runs(x, W, H) !== block.cols[x]!.join(' ')) return `column ${x + 1} has runs (${runs(x, W, H) || 'none'}), its clue is (${block.cols[x]!.join(' ') || 'none'})`;
  for (const g of block.givens) if (cells[g] !== 1) return `given cell (${g % W}, ${Math.floor(g / W)}) is white`;
  return undefined;
}

/** A gzip stream decompressed (the checker's own: it imports nothing from the producer's gzipChunks). */
async function* gunzip(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const ds = new DecompressionStream('gzip');
  const writer = ds.writable.getWriter();
  const feeding = (async () => {
    try {
      for await (const chunk of source) await writer.write(chunk as Uint8Array<ArrayBuffer>);
      await writer.close();
    } catch (e) {
      await writer.abort(e).catch(() => {});
    }
  })();
  const reader = ds.readable.getReader();
  try {
    for (;;) {
      const r = await reader.read();
      if (r.done) break;
      yield r.value;
    }
  } finally {
    // Stops the feeding loop too when the consumer gave up early (its writes then fail).
    await reader.cancel().catch(() => {});
    await feeding;
  }
}

