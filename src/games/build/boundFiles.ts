import { NonocryptError } from '../../errors.js';
import { formatAnswer, parseAnswer } from '../model/Answer.js';
import { Rules, type RulesSpec } from '../model/Rules.js';
import type { BoundItem } from './proveBound.js';
import { reiterable } from './BoundProof.js';

/**
 * The files of lower-bound proofs (docs/reference/games-files.md, "Lower-bound proofs"):
 *
 * - a proof: one JSON header line, then the proof's body (BoundProof.ts):
 *     {"format":"nonocrypt-bound-proof","version":3,"game":"mastermind","pegs":4,"symbols":6,
 *      "lies":2,"end":"truthful","lie":"any","guesses":8,"claim":"...","positions":153,...}
 * - a part (a shard's items, or a checkpoint of any run): JSON Lines, a header, then one line
 *   per searched item of the frontier:
 *     {"format":"nonocrypt-bound-proof-part","version":1,...rules,"guesses":9,"shard":"1/4","frontier":230}
 *     {"item":0,"answer":"1A0B","positions":1234,"proof":"(...)"}
 *   `answer` is null for an item whose second guess is not refuted. A checkpoint's last line
 *   may be cut short (a killed process): it is dropped.
 */
export const PROOF_FORMAT = 'nonocrypt-bound-proof';
export const PART_FORMAT = 'nonocrypt-bound-proof-part';

const rulesFields = (rules: Rules) => ({ game: rules.kind, pegs: rules.pegs, symbols: rules.symbols, lies: rules.lies, end: rules.end, lie: rules.lie });

export function formatBoundProof(rules: Rules, guesses: number, body: string, info: { positions: number; built: string }): string {
  return boundProofHeader(rules, guesses, info) + body + '\n';
}

/** A proof file in pieces, in order (each iteration writes it again): the header, the body, a last line break. */
export function boundProofPieces(rules: Rules, guesses: number, body: Iterable<string>, info: { positions: number; built: string }): Iterable<string> {
  const header = boundProofHeader(rules, guesses, info);
  return reiterable(function* () {
    yield header;
    yield* body;
    yield '\n';
  });
}

/** A proof file's first line, with its line break. */
function boundProofHeader(rules: Rules, guesses: number, info: { positions: number; built: string }): string {
  const header = {
    format: PROOF_FORMAT,
    // 3 since `^` and `~` (BoundProof.ts); the items of a part written before are version 2 text, which version 3 reads.
    version: 3,
    ...rulesFields(rules),
    guesses,
    claim: `no strategy wins every play within ${guesses - 1} guess${guesses === 2 ? '' : 'es'}: at least ${guesses} are needed`,
    positions: info.positions,
    built: info.built,
  };
  return JSON.stringify(header) + '\n';
}

export interface PartHeader {
  readonly rules: Rules;
  readonly guesses: number;
  /** K/N; 1/1 for a whole run's checkpoint. */
  readonly shard: { readonly index: number; readonly count: number };
  readonly frontier: number;
  /** The frontier's depth when it was asked for (`bound --frontier-depth`); absent: the default. */
  readonly depth?: number;
}

export function formatPartHeader(h: PartHeader): string {
  return JSON.stringify({ format: PART_FORMAT, version: 1, ...rulesFields(h.rules), guesses: h.guesses, shard: `${h.shard.index}/${h.shard.count}`, frontier: h.frontier, ...(h.depth === undefined ? {} : { depth: h.depth }) }) + '\n';
}

/** An item's line: a frontier item by its index, a fallback's (checkpoints only) by its path. */
export function formatPartItem(rules: Rules, item: BoundItem): string {
  const which = item.fallback === undefined ? { item: item.index } : { fallback: item.fallback };
  return JSON.stringify({ ...which, answer: item.answer === null ? null : formatAnswer(rules.pegs, item.answer), positions: item.positions, proof: item.text }) + '\n';
}

/**
 * Reads a part (or a checkpoint: `partial` drops a last line cut short and takes the items of
 * fallbacks, which only one process searches), given as its text or as its lines (a checkpoint
 * may be longer than one string can be; a line, one item, is not). Throws E_PROOF naming the place.
 */
export function readBoundPart(text: string | Iterable<string>, where: string, partial = false): PartHeader & { readonly items: BoundItem[]; readonly fallbacks: BoundItem[] } {
  const bad = (line: number, why: string): never => {
    throw new NonocryptError('E_PROOF', `${where}, line ${line}: ${why}`);
  };
  const lines = typeof text === 'string' ? text.split('\n') : [...text];
  if (lines[lines.length - 1] === '') lines.pop();
  const json = (i: number): Record<string, unknown> | undefined => {
    try {
      const v = JSON.parse(lines[i]!) as unknown;
      if (typeof v === 'object' && v !== null) return v as Record<string, unknown>;
    } catch {
      // A cut-short last line of a checkpoint.
    }
    if (partial && i === lines.length - 1 && i > 0) return undefined;
    return bad(i + 1, 'not a JSON object');
  };
  if (lines.length === 0) bad(1, 'empty: no header');
  const head = json(0)!;
  if (head.format !== PART_FORMAT || head.version !== 1) bad(1, `not a part of a proof (format "${PART_FORMAT}", version 1)`);
  let rules: Rules;
  try {
    rules = new Rules({ kind: head.game, pegs: head.pegs, symbols: head.symbols, lies: head.lies, end: head.end, lie: head.lie } as RulesSpec);
  } catch (e) {
    return bad(1, (e as Error).message);
  }
  const shard = /^(\d+)\/(\d+)$/.exec(String(head.shard));
  const guesses = head.guesses;
  const frontier = head.frontier;
  if (!shard || Number(shard[1]) < 1 || Number(shard[1]) > Number(shard[2])) bad(1, '"shard" must be K/N with 1 <= K <= N');
  if (typeof guesses !== 'number' || !Number.isInteger(guesses) || guesses < 1) bad(1, '"guesses" must be a whole number');
  if (typeof frontier !== 'number' || !Number.isInteger(frontier) || frontier < 0) bad(1, '"frontier" must be a whole number (0: the proof needs no search past the first two guesses)');
  const depth = head.depth;
  if (depth !== undefined && (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 1)) bad(1, '"depth" must be a whole number from 1');
  const items: BoundItem[] = [];
  const fallbacks: BoundItem[] = [];
  for (let i = 1; i < lines.length; i++) {
    const o = json(i);
    if (!o) break;
    const index = o.item;
    const fallback = o.fallback;
    if (fallback !== undefined) {
      if (!partial) bad(i + 1, 'an item of a fallback: only a checkpoint has them (a part of a shard cannot fall back)');
      if (typeof fallback !== 'string' || index !== undefined) bad(i + 1, '"fallback" must be the path of the item, without "item"');
    } else if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= (frontier as number)) bad(i + 1, `"item" must be a whole number below ${frontier}`);
    const answer = o.answer === null ? null : typeof o.answer === 'string' ? parseAnswer(o.answer, rules.pegs, rules.alphabet, `${where}, line ${i + 1}`) : bad(i + 1, '"answer" must be xAyB or null');
    if (typeof o.proof !== 'string' || typeof o.positions !== 'number') bad(i + 1, '"proof" must be text and "positions" a number');
    if (fallback === undefined) items.push({ index: index as number, answer, text: o.proof as string, positions: o.positions as number });
    else fallbacks.push({ index: fallbacks.length, answer, text: o.proof as string, positions: o.positions as number, fallback: fallback as string });
  }
  return { rules, guesses: guesses as number, shard: { index: Number(shard![1]), count: Number(shard![2]) }, frontier: frontier as number, ...(depth === undefined ? {} : { depth: depth as number }), items, fallbacks };
}

/** Whether two part headers are of one search (same rules, bound and frontier). */
export function samePartSearch(a: PartHeader, b: PartHeader): boolean {
  return a.rules.key() === b.rules.key() && a.guesses === b.guesses && a.frontier === b.frontier && a.depth === b.depth;
}
