import { InputError } from '../../errors.js';
import { checkBlock, type BlockCheck, type CertificateFiles } from './checkCertificate.js';
import { LratChecker } from './LratChecker.js';
import type { CheckedBlock } from './CheckedBlock.js';

/**
 * The certificates of a board split into N parts (`solve FILE --split K/N --certify DIR`,
 * docs/explanation/certificates.md "A board split into parts"), checked as a set by the independent checker:
 * 1. every part K of N has `STEM.part-K-of-N.cnf` and its proof, each checked as a block's
 *    (checkCertificate.ts): the formula regenerated and compared, the cube (unit clauses past
 *    it), the excluded picture (it fits the clues and lies in the cube), the LRAT proof;
 * 2. the cubes cover every picture: the clauses "not cube K" (each cube's literals negated)
 *    form a formula with no model. This checker resolves pairs of these clauses (and of the
 *    clauses so derived) that differ in one literal only, x and -x, into the clause without it,
 *    writes the steps as an LRAT proof of the formula and checks that proof with its own LRAT
 *    checker (LratChecker.ts). It accepts the coverage exactly when these steps reach the empty
 *    clause: always for the cubes of `--split`, the leaves of a binary tree, and for some other
 *    sets too (cubes a, a b, -a: sound, since the steps are a checked proof that the cubes cover
 *    every picture). A set that covers but whose clauses never resolve this way (a, -a b, -b,
 *    which overlap) is refused: the check proves coverage, it does not search for it;
 * 3. the board is certified unique when exactly one part excludes a picture (the others prove
 *    their cubes empty), certified to have no solution when none does. Two parts with pictures
 *    are not a certificate (the pictures themselves show the board ambiguous).
 * A part missing, a part that fails, or cubes that do not cover fail the set, naming the parts.
 */
export interface SplitCheck {
  /** N. */
  readonly parts: number;
  /** One check per part K = 1..N, in order (a missing part is `failed`, saying so). */
  readonly checks: readonly BlockCheck[];
  /** The cubes cover every picture: the resolution steps checked, or why not. */
  readonly coverage: { readonly ok: true; readonly steps: number } | { readonly ok: false; readonly reason: string };
  /** `unique`: certified unique; `none`: certified to have no solution; `failed`: not certified (see reason). */
  readonly status: 'unique' | 'none' | 'failed';
  readonly reason?: string;
}

/** The parts' names in DIR: K and N of every `STEM.part-K-of-N.cnf`. */
export function splitPartsIn(names: Iterable<string>, stem: string): { part: number; parts: number }[] {
  const out: { part: number; parts: number }[] = [];
  const prefix = `${stem}.part-`;
  for (const n of names) {
    if (!n.startsWith(prefix) || !n.endsWith('.cnf')) continue;
    const m = /^(\d+)-of-(\d+)$/.exec(n.slice(prefix.length, -4));
    if (m) out.push({ part: Number(m[1]), parts: Number(m[2]) });
  }
  return out;
}

export async function checkSplitCertificates(block: CheckedBlock, stem: string, parts: number, files: CertificateFiles, onPart?: (c: BlockCheck) => void): Promise<SplitCheck> {
  const checks: BlockCheck[] = [];
  for (let k = 1; k <= parts; k++) {
    const c = await checkBlock(block, k, [`${stem}.part-${k}-of-${parts}`], files, true);
    checks.push(c);
    onPart?.(c);
  }
  const done = (status: SplitCheck['status'], coverage: SplitCheck['coverage'], reason?: string): SplitCheck => ({ parts, checks, coverage, status, ...(reason ? { reason } : {}) });
  const bad = checks.filter((c) => c.status === 'failed');
  const cubes = checks.map((c) => c.cube);
  const coverage = bad.length > 0 ? { ok: false as const, reason: 'not checked: not every part is certified' } : coverageOf(cubes as number[][]);
  if (bad.length > 0) return done('failed', coverage, `${bad.length === 1 ? 'part' : 'parts'} ${bad.map((c) => c.block).join(', ')} of ${parts} not certified`);
  if (!coverage.ok) return done('failed', coverage, `the cubes are not shown to cover every picture: ${coverage.reason}`);
  const withPicture = checks.filter((c) => c.picture);
  if (withPicture.length === 0) return done('none', coverage);
  if (withPicture.length > 1) return done('failed', coverage, `parts ${withPicture.map((c) => c.block).join(', ')} each exclude a picture: the board has more than one (not unique)`);
  return done('unique', coverage);
}

/**
 * Whether the clauses "not cube K" have no model, shown by the resolution steps of the file
 * comment (item 2), checked as an LRAT proof by LratChecker; `ok: false` when the steps do not
 * reach the empty clause, whether or not the cubes cover.
 */
export function coverageOf(cubes: readonly (readonly number[])[]): SplitCheck['coverage'] {
  const key = (lits: readonly number[]) => [...lits].sort((a, b) => a - b).join(' ');
  const ids = new Map<string, number>();
  const clauses: number[][] = [];
  const checker = new LratChecker('the cubes\' coverage (derived by check-certificate)');
  for (let k = 0; k < cubes.length; k++) {
    const clause = cubes[k]!.map((l) => -l);
    const kk = key(clause);
    if (ids.has(kk)) return { ok: false, reason: `parts ${ids.get(kk)} and ${k + 1} have the same cube` };
    checker.addClause(clause);
    clauses.push(clause);
    ids.set(kk, k + 1);
    if (clause.length === 0) return cubes.length === 1 ? { ok: true, steps: 0 } : { ok: false, reason: `part ${k + 1}'s cube is the whole board, and there are other parts` };
  }
  const proof: string[] = [];
  let next = cubes.length;
  // Resolve pairs until the empty clause appears or nothing new does.
  for (let i = 0; i < clauses.length; i++) {
    const c = clauses[i]!;
    for (const l of c) {
      const partner = ids.get(key(c.map((x) => (x === l ? -l : x))));
      if (partner === undefined) continue;
      const r = c.filter((x) => x !== l);
      const rk = key(r);
      if (ids.has(rk)) continue;
      ids.set(rk, ++next);
      clauses.push(r);
      proof.push(`${next} ${r.join(' ')}${r.length ? ' ' : ''}0 ${i + 1} ${partner} 0`);
      if (r.length === 0) {
        try {
          checker.push(new TextEncoder().encode(proof.join('\n') + '\n'));
          const s = checker.finish();
          return { ok: true, steps: s.additions };
        } catch (e) {
          if (e instanceof InputError) return { ok: false, reason: e.message };
          throw e;
        }
      }
    }
  }
  return { ok: false, reason: 'no resolution of the cubes\' negations reaches the empty clause (resolving two that differ in one cell\'s colour only, again and again: the cubes --split makes always reach it; others may leave a picture in no cube, or cover in a way these steps do not show)' };
}

/**
 * N of the split set of `stem` among the names of DIR, undefined when DIR holds no part of it.
 * Parts of two different N are refused (E_CERTIFICATE): one set is checked at a time.
 */
export function splitSetIn(names: Iterable<string>, stem: string): number | undefined {
  const ns = [...new Set(splitPartsIn(names, stem).map((p) => p.parts))].sort((a, b) => a - b);
  if (ns.length > 1) throw new InputError('E_CERTIFICATE', `the folder holds parts of ${stem} split into ${ns.join(' and into ')}: check one set at a time (move the others away)`);
  return ns[0];
}
