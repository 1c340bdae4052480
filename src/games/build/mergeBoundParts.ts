import { NonocryptError } from '../../errors.js';
import { boundProofPieces, samePartSearch, type PartHeader } from './boundFiles.js';
import { checkedBoundProof } from './checkedBoundProof.js';
import { joinBoundItems, type BoundItem } from './proveBound.js';

/** A part as read (readBoundPart), and the name its errors give it. */
export interface NamedPart {
  readonly part: PartHeader & { readonly items: readonly BoundItem[] };
  readonly where: string;
}

export type MergeResult =
  /** `text`: the proof file in pieces, in order (each iteration writes it again). */
  | { readonly status: 'proven'; readonly guesses: number; readonly positions: number; readonly text: Iterable<string> }
  /** Items of the frontier in no part. */
  | { readonly status: 'incomplete'; readonly frontier: number; readonly missing: readonly number[] }
  /** Items whose second guess no part refuted: this frontier does not prove the bound. */
  | { readonly status: 'open'; readonly open: readonly number[] }
  /** Proven, but `deadline` came before the joined proof was checked. */
  | { readonly status: 'unchecked' }
  /** Joined and not checked, as asked (`check: false`): nothing is claimed until a check accepts `text`. */
  | { readonly status: 'joined'; readonly guesses: number; readonly positions: number; readonly text: Iterable<string> };

/**
 * Joins the parts of one search (`bound --shard K/N --proof`, any number of each) into the
 * proof file one process writes, checked (checkedBoundProof) unless `check` is false. Parts of
 * different searches, or an item that two parts answer differently, are E_USAGE naming them.
 */
export function mergeBoundParts(parts: readonly NamedPart[], deadline?: number, check = true): MergeResult {
  const first = parts[0];
  if (!first) throw new NonocryptError('E_USAGE', 'no part to merge');
  const items = new Map<number, BoundItem>();
  for (const { part, where } of parts) {
    if (!samePartSearch(first.part, part)) throw new NonocryptError('E_USAGE', `${where} is a part of another search than ${first.where} (rules, --guesses, the frontier or its depth differ)`);
    for (const it of part.items) {
      const had = items.get(it.index);
      if (had && (had.answer !== it.answer || had.text !== it.text)) throw new NonocryptError('E_USAGE', `item ${it.index} differs between two parts (${where} and an earlier one)`);
      items.set(it.index, it);
    }
  }
  const { rules, guesses, frontier, depth } = first.part;
  const joined = joinBoundItems(rules, guesses, items, depth === undefined ? {} : { frontierDepth: depth });
  if ('missing' in joined) return { status: 'incomplete', frontier, missing: joined.missing };
  if ('open' in joined) return { status: 'open', open: joined.open };
  const positions = [...items.values()].reduce((n, it) => n + it.positions, 0);
  if (!check) return { status: 'joined', guesses, positions, text: boundProofPieces(rules, guesses, joined.pieces, { positions, built: 'bound search' }) };
  const text = checkedBoundProof(rules, guesses, joined.pieces, positions, deadline === undefined ? {} : { deadline });
  return text === undefined ? { status: 'unchecked' } : { status: 'proven', guesses, positions, text };
}
