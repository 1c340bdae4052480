import type { Levels } from './Levels.js';
import type { Partition } from './Partition.js';

/**
 * The fewest-lies rule, the one fixed way of playing that strategy files may leave a subtree
 * to: guess the smallest code (in written order) among those that contradict the fewest
 * answers so far, that is the first code of the lowest non-empty level. Near the end of a game
 * it is what any strategy does (one code left: guess it); the builders use it wherever it
 * still wins within the guesses left, so a file need not spell those subtrees out.
 */
export function fewestLiesGuess(levels: Levels): number {
  for (const l of levels) if (l.length > 0) return l[0]!;
  return -1;
}

/**
 * Whether the rule, played from this tuple, wins within h guesses against every secret and
 * every placement of the lies left. `budget.nodes` caps the guesses it may look at (it is
 * decreased); undefined when it ran out before an answer.
 */
export function fewestLiesWins(part: Partition, levels: Levels, h: number, budget: { nodes: number }): boolean | undefined {
  const g = fewestLiesGuess(levels);
  if (g < 0) return true;
  if (h <= 0) return false;
  if (--budget.nodes < 0) return undefined;
  for (const r of part.liveAnswers(levels, g)) {
    const won = fewestLiesWins(part, part.child(levels, g, r), h - 1, budget);
    if (won !== true) return won;
  }
  return true;
}
