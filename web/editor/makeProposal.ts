// "Make it unique" and "Make it solvable by logic": what the Draw tab says of makePuzzle's
// answers, and how two answers for the same picture combine. No DOM here.
//
// The tab asks twice: first the greedy search alone, no proof, within FIRST_ANSWER_MS, shown at
// once; then, unless that answer is already proved best, the proof of the fewest changes until
// the time limit, whose answer replaces the first when it is better.
// Every claim shown is one of makePuzzle's proved fields (MakeResult), or the solver's verdict.
import { counted } from '../../src/formats/counted.js';
import type { MakeGoal } from '../../src/puzzle/makePuzzle.js';
import type { Difficulty } from '../../src/solve/SolveResult.js';
import type { DrawMakeResult } from '../protocol.js';

/**
 * The first answer's time limit (unit: ms; range: up to the Search limit). The greedy search's
 * first pass always runs to its end (a picture to propose); its second pass, by single changes,
 * stops here and the first pass's answer is shown (makePuzzle's method `greedy`). On 30 x 30
 * bootstrap icons the first pass took at most 0.8 s and both at most 2.0 s (code-slash, whose
 * second pass fails); the proof that follows runs both again in its own time. See
 * docs/results/make.md, "The Draw tab's buttons".
 */
export const FIRST_ANSWER_MS = 1500;

/** The goal as the buttons say it. */
export const GOAL_WORDS: Readonly<Record<MakeGoal, string>> = { unique: 'unique', 'line-solvable': 'solvable by line logic' };

/** Whether the answer leaves something to prove: no picture yet, or the fewest (or, with grey levels, the cheapest) not proved. */
export function needsProof(r: DrawMakeResult, grey: boolean): boolean {
  if (r.status === 'none') return false;
  if (r.status === 'unknown') return true;
  return r.fewest !== 'proven' || (grey && r.changes.length > 0 && !r.cheapestProven);
}

/**
 * Two answers for the same picture, goal and protected cells: the better proposal (fewer cells,
 * then the lower cost) with every bound either proved. A lower bound holds whichever search
 * proved it; `none` (every set tried) outranks an `unknown`.
 */
export function combine(a: DrawMakeResult, b: DrawMakeResult): DrawMakeResult {
  const rank = (r: DrawMakeResult) => (r.status === 'made' ? 0 : r.status === 'none' ? 1 : 2);
  const better = (x: DrawMakeResult, y: DrawMakeResult) =>
    rank(x) !== rank(y) ? rank(x) < rank(y) : x.status !== 'made' || x.changes.length < y.changes.length || (x.changes.length === y.changes.length && x.cost <= y.cost);
  const [best, other] = better(b, a) ? [b, a] : [a, b];
  const lowerBound = Math.max(best.lowerBound, other.lowerBound);
  if (best.status !== 'made') return { ...best, lowerBound };
  const n = best.changes.length;
  const bound = Math.min(lowerBound, n);
  // The other answer's proof that no set of n cells costs less holds for this one when both have n cells and the same cost.
  const cheapestProven = best.cheapestProven || (other.status === 'made' && other.cheapestProven && other.changes.length === n && other.cost <= best.cost);
  return { ...best, lowerBound: bound, fewest: bound >= n ? 'proven' : 'found', cheapestProven, ms: a.ms + b.ms };
}

export interface ProposalContext {
  /** The picture's grey levels were used (it came from an image). */
  readonly grey: boolean;
  /** Cells the proposal turns black and white. */
  readonly toBlack: number;
  readonly toWhite: number;
  /** The search's time limit (ms). */
  readonly limitMs: number;
  /** The search ended on its own (done), was stopped by Stop, ended otherwise (Cancel, an error), or is still running. */
  readonly ending: 'done' | 'stopped' | 'ended' | 'searching';
}

const seconds = (ms: number) => `${Number((ms / 1000).toPrecision(2))} s`;

/** What the tab says of an answer: every sentence true of what was proved. */
export function proposalWords(r: DrawMakeResult, c: ProposalContext): string {
  const goal = GOAL_WORDS[r.goal];
  if (r.status === 'none') {
    return `No change of the ${counted(r.free, 'unprotected cell')} makes the picture ${goal}: proved (every set of them was tried).`;
  }
  if (r.status === 'unknown') {
    if (c.ending === 'searching') return `Searching for a change that makes the picture ${goal}…`;
    const why = c.ending === 'stopped' ? 'stopped' : c.ending === 'ended' ? 'the search ended' : `the time limit of ${seconds(c.limitMs)} ended`;
    const bound = r.lowerBound > 0 ? ` At least ${counted(r.lowerBound, 'cell')} must change (proved).` : '';
    return `No proposal: ${why} before any change that makes the picture ${goal} was found.${bound}`;
  }
  const n = r.changes.length;
  if (n === 0) return `Nothing to change: the picture is already ${goal} (its clues alone, without given cells): ${verdictWords(r)}.`;
  const parts = [
    `Change ${counted(n, 'cell')} (${c.toBlack} to black, ${c.toWhite} to white, marked green) and the clues alone, without given cells, make ${verdictWords(r)}.`,
    fewestWords(r, c),
  ];
  if (c.grey) {
    const cheapest = r.cheapestProven ? `no other ${counted(n, 'changed cell')} cost less (proved)` : `the cheapest set of ${n} found, not proved the cheapest`;
    parts.push(`Grey cost ${r.cost.toFixed(2)} (a cell at the threshold costs 0, pure black or white 1): ${cheapest}.`);
  }
  return parts.join(' ');
}

function verdictWords(r: DrawMakeResult): string {
  const v = r.verdict;
  if (!v || v.status === 'unknown') return 'a picture the solver did not decide within its time limit';
  if (v.status !== 'unique') return `a picture the solver finds ${v.status}`;
  if (v.lineSolvable) return 'the picture unique and line-solvable: line logic alone finds it';
  return `the picture unique; line logic alone stalls on it, ${stalledWords(v.difficulty)}`;
}

/** What a unique picture needs where line logic alone stalls, as the tab says it (the live verdict too). */
export const stalledWords = (difficulty: Difficulty | undefined): string => (difficulty === 'probing' ? 'probing (one cell of look-ahead) settles it' : 'it needs search');

function fewestWords(r: DrawMakeResult, c: ProposalContext): string {
  const n = r.changes.length;
  if (r.fewest === 'proven') return n === 1 ? `One cell is the fewest: the picture as drawn is not ${GOAL_WORDS[r.goal]} (proved).` : `${n} is the fewest: no fewer changed cells do it (proved).`;
  const done = r.stoppedBy === 'undecided candidates' ? 'by the search' : `in the time limit of ${seconds(c.limitMs)}`;
  const when = { searching: 'so far', stopped: 'before Stop', ended: 'before the search ended', done }[c.ending];
  const bound = r.lowerBound > 0 ? `; at least ${counted(r.lowerBound, 'cell')} must change (proved)` : '';
  const undecided = r.stoppedBy === 'undecided candidates' ? ' (some pictures tried were not decided within the search\'s node limit, so no more was proved)' : '';
  return `${n} is the fewest found ${when}${bound}${undecided}.`;
}
