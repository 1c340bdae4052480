import { formatAnswer } from '../model/Answer.js';
import type { Turn } from '../model/History.js';
import type { Rules } from '../model/Rules.js';
import type { CandidateReport } from './candidates.js';
import type { NextGuess } from './suggestNext.js';

/**
 * What `mastermind candidates`, `next` and `play` say, as lines of text: the command line and
 * the web page's Mastermind tab print these same words. Numbers are written with thousands
 * separators, and one of a thing in the singular.
 */

/** `1 code`, `1,296 codes`; `1 guess`, `2 guesses`. */
export function plural(n: number, word: string, words = `${word}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? word : words}`;
}

/** `54 codes in C0, 370 in C1`: the tuple's level sizes. */
export function levelSizes(counts: readonly number[]): string {
  return counts.map((n, j) => (j === 0 ? `${plural(n, 'code')} in C0` : `${n.toLocaleString('en-US')} in C${j}`)).join(', ');
}

/** No code fits the answers with the lies allowed. */
export function noCodeFits(rules: Rules): string {
  return `no code fits these answers with at most ${plural(rules.lies, 'lie')}`;
}

/** The turns every fitting code contradicts, as the reports name them. */
export function certainLies(rules: Rules, turns: readonly Turn[], report: CandidateReport): { turn: number; guess: string; answer: string }[] {
  return report.lies.map((i) => ({ turn: i + 1, guess: rules.game.format(turns[i]!.guess), answer: formatAnswer(rules.pegs, turns[i]!.answer) }));
}

/** `candidates`: a line per level (its size and first codes), the certain lies, or that no code fits. */
export function candidateLines(rules: Rules, turns: readonly Turn[], r: CandidateReport): string[] {
  const g = rules.game;
  const lines = r.counts.map((n, j) => {
    const shown = r.codes[j]!.map((c) => g.format(c));
    const more = n > shown.length ? ' ...' : '';
    const one = n === 1 && r.exactCounts[j];
    const what = j === 0 ? `${one ? 'fits' : 'fit'} every answer` : `${one ? 'contradicts' : 'contradict'} exactly ${plural(j, 'answer')}`;
    return `C${j}: ${r.exactCounts[j] ? '' : '>= '}${plural(n, 'code')} ${what}${shown.length ? ': ' + shown.join(' ') + more : ''}`;
  });
  const certain = certainLies(rules, turns, r);
  if (certain.length) lines.push(`certain lies: ${certain.map((c) => `turn ${c.turn} (${c.guess}=${c.answer})`).join(', ')}`);
  if (r.counts.every((n) => n === 0)) lines.push(noCodeFits(rules));
  return lines;
}

/** The note on a suggestion the time limit cut short ('' when complete). */
export function partialNote(n: NextGuess): string {
  return n.complete ? '' : ` (the best of ${plural(n.ranked, 'guess', 'guesses')} ranked of ${n.pool.toLocaleString('en-US')} before the time limit)`;
}

/** A game already won: the code and the turn that showed it. */
export function gameOverLine(rules: Rules, n: NextGuess & { readonly over: { readonly turn: number } }): string {
  const code = rules.game.format(n.guess);
  return `the game is over: ${code} was answered ${formatAnswer(rules.pegs, rules.win)} at turn ${n.over.turn + 1} (never a lie), so the code is ${code}`;
}

/**
 * `next`: the suggestion with the level sizes now and the volume's lower bound, then the
 * partition (level sizes after each answer) as a table; when one code is left, a line saying so
 * instead of a table without rows. For a suggestion (`n.guess >= 0`) of a game not over.
 */
export function nextGuessLines(rules: Rules, n: NextGuess): string[] {
  const g = rules.game;
  const head = `next guess: ${g.format(n.guess)}${n.mayWin ? ' (it may be the code)' : ''}; now ${levelSizes(n.counts)}; at least ${plural(n.lowerBound, 'more guess', 'more guesses')} by volume${partialNote(n)}`;
  if (n.partition.length === 0) return [head, `${g.format(n.guess)} is the only code left: guessing it ends the game.`];
  const table = [['answer', ...n.counts.map((_, j) => `C${j}`)], ...n.partition.map((p) => [formatAnswer(rules.pegs, p.answer), ...p.counts.map(String)])];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  return [head, ...table.map((row) => row.map((cell, i) => cell.padStart(widths[i]!)).join('  '))];
}

/** `play`'s hint (`?`): the suggestion and the level sizes now, or why there is none. */
export function hintLine(rules: Rules, n: NextGuess): string {
  if (n.over) return `the game is over: the code is ${rules.game.format(n.guess)}`;
  if (n.guess < 0) return n.complete ? 'no code fits these answers' : 'no hint: the time limit came before any guess was ranked';
  return `hint: ${rules.game.format(n.guess)} (now ${levelSizes(n.counts)})${partialNote(n)}`;
}

/** `play`'s first line: the game, its codes and the seed that fixes it. */
export function playIntro(rules: Rules, seed: number): string {
  const g = rules.game;
  return `${rules.describe()}: ${plural(g.size, 'code')} of ${g.pegs} symbols ${g.symbolRange()}${rules.kind === 'ab' ? ', all different' : ''}. Seed ${seed}.`;
}

/** A turn of `play`: `3. 1234 -> 1A2B`. */
export function turnLine(rules: Rules, turn: number, guess: number, answer: number): string {
  return `${turn}. ${rules.game.format(guess)} -> ${formatAnswer(rules.pegs, answer)}`;
}

/** The end of a game won: how many guesses, how many lies. */
export function solvedLine(guesses: number, liesUsed: number): string {
  return `Solved in ${plural(guesses, 'guess', 'guesses')}. The code-maker lied ${plural(liesUsed, 'time')}.`;
}
