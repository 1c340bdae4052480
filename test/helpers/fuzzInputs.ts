import fc from 'fast-check';
import { formatCiphertext } from '../../src/formats/ciphertext.js';
import { writePuzzleFile } from '../../src/formats/detectFormat.js';
import { formatPicture } from '../../src/formats/picture.js';
import type { PuzzleFile, PuzzleFormat } from '../../src/formats/PuzzleFile.js';
import { makeGrid, type Grid } from '../../src/grid/Puzzle.js';
import { puzzleOf } from '../../src/grid/runsOf.js';

/**
 * Inputs for fuzzing the readers: random valid puzzle files (from the writers), and three kinds
 * of text to throw at a reader:
 *
 * - `mutation`: a valid file (written by the writers from a random puzzle) with one to four
 *   mutations: a character replaced, a token inserted (huge numbers, unicode, control
 *   characters, a byte-order mark, line ends, markup), a range deleted, lines deleted,
 *   duplicated or swapped, line ends converted, a slice repeated, the text cut short;
 * - `grammar`: a file built from the format's own grammar with random tokens, valid ones mixed
 *   with wrong ones (sizes out of range, clues that cannot fit, malformed markup);
 * - `random`: raw random strings (any code point, or biased towards the formats' characters).
 *
 * These are fast-check arbitraries, shared by `test/fuzz.test.ts` (a few thousand cases in CI),
 * `bench/fuzz.ts` (100,000 cases) and any other suite (the CLI fuzzing imports them through
 * `test/helpers/fuzz.ts`).
 */

/** The formats a fuzz case is built for: the puzzle formats and pictures. */
export type FuzzFormat = PuzzleFormat | 'picture';
export const FUZZ_FORMATS: readonly FuzzFormat[] = ['non', 'nin', 'xml', 'json', 'cipher', 'picture'];

export interface FuzzCase {
  /** The format the text was made for (the reader it targets). */
  readonly format: FuzzFormat;
  /** How it was made: `mutation`, `grammar` or `random`, with details. */
  readonly how: string;
  readonly text: string;
  /** Where a chunked reader splits the text (chunk lengths, repeated), and whether chunks are UTF-8 bytes. */
  readonly chunks: readonly number[];
  readonly bytes: boolean;
}

// ------------------------------------------------------------------ random puzzle files

/** Credits: any well-formed text, often with quotes, entities, markup, control characters and line breaks. */
/**
 * Any code point (no lone surrogates): ASCII, the rest of the BMP, and the astral planes alike.
 * (fast-check's 'binary' and 'grapheme' string units build tables of 100-160 MB when created,
 * which a child process that only reads a file should not pay for.)
 */
const codePoint = fc
  .oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0x80, max: 0xffff }), fc.integer({ min: 0x10000, max: 0x10ffff }))
  .map((c) => String.fromCodePoint(c >= 0xd800 && c <= 0xdfff ? 0xfffd : c));
const anyText = (maxLength: number, minLength = 0) => fc.array(codePoint, { minLength, maxLength }).map((cs) => cs.join(''));

const GRAPHEMES = ['é', 'e\u0301', '👩\u200d💻', '🇫🇷', 'ﷺ', '한', '字', 'ק', '\u0627\u0644', 'ß', 'Ǆ', '\u0938\u094d\u0924', '🏳️\u200d🌈', '\u00ad'];
export const creditArb: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.array(fc.constantFrom(...GRAPHEMES), { maxLength: 6 }).map((g) => g.join('')),
  anyText(8),
  fc
    .array(fc.constantFrom('a', ' ', '  ', '"', '&', '&amp;', '&#0;', '<b>', '\n', '\r\n', '\t', '\u0000', '\u0085', '\u2028', '\u00a0', '\ufeff', '#', ':', 'é', '😀'), {
      maxLength: 8,
    })
    .map((parts) => parts.join('')),
);

export interface FileOptions {
  readonly maxSide: number;
}

/**
 * A random puzzle file: the clues of a random picture (so a goal always fits), with or without
 * that goal, some of its black cells given, and random credits. Sides go up to `maxSide`
 * (above 35, runs and coordinates need the ciphertext's decimal form).
 */
export function puzzleFileArb(options: FileOptions = { maxSide: 12 }): fc.Arbitrary<PuzzleFile> {
  const side = fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 1, max: Math.min(8, options.maxSide) }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: options.maxSide }) },
  );
  return fc
    .record({
      width: side,
      height: side,
      density: fc.constantFrom(0, 0.2, 0.5, 0.8, 1),
      seed: fc.integer(),
      givenRate: fc.constantFrom(0, 0, 0.05, 0.3),
      withGoal: fc.boolean(),
      title: fc.option(creditArb, { nil: undefined }),
      author: fc.option(creditArb, { nil: undefined }),
      copyright: fc.option(creditArb, { nil: undefined }),
    })
    .map(({ width, height, density, seed, givenRate, withGoal, title, author, copyright }) => {
      const rand = lcg(seed);
      const goal = makeGrid(width, height, Array.from({ length: width * height }, () => (rand() < density ? 1 : 0)));
      const givens = [...goal.cells.keys()].filter((i) => goal.cells[i] && rand() < givenRate);
      return fileOfPicture(goal, givens, withGoal, { title, author, copyright });
    });
}

/** A small deterministic generator for the cells of a picture. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}


/** A puzzle file made from a picture: its clues, given cells (black ones), the goal when asked, the credits that are set. */
export function fileOfPicture(goal: Grid, givens: number[], withGoal: boolean, credits: { title?: string; author?: string; copyright?: string }): PuzzleFile {
  const { title, author, copyright } = credits;
  return {
    puzzle: puzzleOf(goal),
    ...(withGoal ? { goal } : {}),
    ...(givens.length > 0 ? { givens } : {}),
    ...(title !== undefined ? { title } : {}),
    ...(author !== undefined ? { author } : {}),
    ...(copyright !== undefined ? { copyright } : {}),
  };
}

/**
 * What a format keeps of a file: .nin and XML have no givens, .nin and the ciphertext no goal,
 * the ciphertext and pictures no credits, a picture only the goal (its clues are the goal's).
 */
export function keptBy(format: FuzzFormat, f: PuzzleFile): PuzzleFile {
  const credits = format !== 'cipher' && format !== 'picture';
  const goal = format === 'non' || format === 'xml' || format === 'json' || format === 'picture';
  const givens = format === 'non' || format === 'json' || format === 'cipher';
  return {
    puzzle: f.puzzle,
    ...(goal && f.goal ? { goal: f.goal } : {}),
    ...(givens && f.givens ? { givens: f.givens } : {}),
    ...(credits && f.title !== undefined ? { title: f.title } : {}),
    ...(credits && f.author !== undefined ? { author: f.author } : {}),
    ...(credits && f.copyright !== undefined ? { copyright: f.copyright } : {}),
  };
}

/** A valid text of `format` for `f` (what the format can hold of it). */
export function writeFile(format: FuzzFormat, f: PuzzleFile): string {
  const kept = keptBy(format, f);
  if (format === 'picture') return formatPicture(f.goal ?? makeGrid(f.puzzle.width, f.puzzle.height));
  if (format === 'cipher') {
    const { width, height } = kept.puzzle;
    return formatCiphertext({ width, height, blocks: [{ puzzle: kept.puzzle, annotation: kept.givens ?? [] }] });
  }
  return writePuzzleFile(kept, format);
}

// ------------------------------------------------------------------ mutations

const PIECES: readonly string[] = [
  '0', '1', '7', '9', '35', '36', '1000', '1001', '007', '-1', '1.5', '1e3', '1e400', '99999999999999999999', '1234567',
  'A', 'Z', 'a', 'x', 'X', 'K', ',', ',,', ' ', '  ', '\t', '#', '.', '|', ';', ':', '"', "'", '=', '&', '&amp;', '&#0;', '&#xD800;', '&bogus;',
  '<', '>', '/>', '</', '<line>', '</line>', '<count>', '<count>1</count>', '<line/>', '<!--', '-->', '<![CDATA[', ']]>', '<!DOCTYPE x [', '<?x',
  '{', '}', '[', ']', '[]', '[[1]]', 'null', 'true', '"rows"', '"width"', '"format"', ':', '\\', '\\u', '\\uD800',
  'width', 'height', 'rows', 'columns', 'goal', 'given', 'title', 'given 0,0', 'rows 3', 'width 1000', 'height 0',
  '\n', '\r', '\r\n', '\n\n', '\ufeff', '\u0000', '\u0001', '\u001b', '\u007f', '\u0085', '\u00a0', '\u2028', '\u2029', '\u202e', '\ud800', '\udc00', 'é', '😀', '\uffff',
  '2a', ' color="red"', ' type="triddler"', '<puzzle/>', '<color name="red" char="r"/>', 'r', 'given 9,9', 'given 0,0',
];

/** A token to insert: a piece of some format's syntax, a huge number, a long run, or random text. */
export const tokenArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom(...PIECES) },
  { weight: 2, arbitrary: anyText(4, 1) },
  { weight: 1, arbitrary: fc.integer({ min: 7, max: 40 }).map((n) => '9'.repeat(n)) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('1', '1 ', '1,', '#', '<a>', '[', '\n', ' ', 'X.'), fc.integer({ min: 50, max: 5000 })).map(([s, n]) => s.repeat(n)) },
  // Rarely, a long token: a reader that is quadratic in a line's length shows up here.
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('1', '1 ', '9,', ' ', '#', '<a>'), fc.integer({ min: 20_000, max: 120_000 })).map(([s, n]) => s.repeat(Math.ceil(n / s.length))) },
);

export type Mutation =
  | { readonly op: 'replace'; readonly at: number; readonly with: string }
  | { readonly op: 'insert'; readonly at: number; readonly token: string }
  | { readonly op: 'delete'; readonly at: number; readonly length: number }
  | { readonly op: 'deleteLine' | 'duplicateLine'; readonly at: number }
  | { readonly op: 'swapLines'; readonly at: number; readonly other: number }
  | { readonly op: 'lineEnds'; readonly to: '\r\n' | '\r' }
  | { readonly op: 'repeat'; readonly at: number; readonly length: number; readonly times: number }
  | { readonly op: 'truncate'; readonly at: number }
  | { readonly op: 'bom' }
  | { readonly op: 'number'; readonly at: number; readonly with: string }
  | { readonly op: 'flip'; readonly at: number };

/** Positions are fractions of the text (0..1), so a mutation fits any text. */
const where = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('replace' as const), at: where, with: tokenArb }) },
  { weight: 5, arbitrary: fc.record({ op: fc.constant('insert' as const), at: where, token: tokenArb }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), at: where, length: fc.integer({ min: 1, max: 20 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constantFrom('deleteLine' as const, 'duplicateLine' as const), at: where }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('swapLines' as const), at: where, other: where }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('lineEnds' as const), to: fc.constantFrom('\r\n' as const, '\r' as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('repeat' as const), at: where, length: fc.integer({ min: 1, max: 40 }), times: fc.integer({ min: 2, max: 3000 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('truncate' as const), at: where }) },
  { weight: 1, arbitrary: fc.constant({ op: 'bom' as const }) },
  // Mutations that keep the syntax, so that the checks after parsing are reached too: another
  // number in place of one (sizes, runs, coordinates), a cell or symbol flipped within its kind.
  { weight: 6, arbitrary: fc.record({ op: fc.constant('number' as const), at: where, with: fc.constantFrom('0', '1', '2', '3', '5', '9', '35', '36', '40', '999', '1000', '1001', '007', '99999999999999999999') }) },
  { weight: 6, arbitrary: fc.record({ op: fc.constant('flip' as const), at: where }) },
);

/** What a character becomes under `flip`: the other colour of a cell, another digit or symbol. */
const FLIPS: Readonly<Record<string, string>> = {
  '0': '1', '1': '0', '2': '3', '3': '2', '4': '9', '5': '6', '6': '5', '7': '8', '8': '7', '9': '4',
  '#': '.', '.': '#', X: '.', A: 'Z', Z: 'A', B: 'C', C: 'B',
};

export function mutate(text: string, m: Mutation): string {
  const pos = (f: number) => Math.floor(f * (text.length + 1));
  switch (m.op) {
    case 'replace': {
      const i = pos(m.at);
      return text.slice(0, i) + m.with + text.slice(i + 1);
    }
    case 'insert': {
      const i = pos(m.at);
      return text.slice(0, i) + m.token + text.slice(i);
    }
    case 'delete': {
      const i = pos(m.at);
      return text.slice(0, i) + text.slice(i + m.length);
    }
    case 'truncate':
      return text.slice(0, pos(m.at));
    case 'bom':
      return '\ufeff' + text;
    case 'number': {
      // One of the text's digit runs, each as likely.
      const runs = [...text.matchAll(/\d+/g)];
      const run = runs[Math.floor(m.at * runs.length)];
      return run ? text.slice(0, run.index) + m.with + text.slice(run.index + run[0].length) : text;
    }
    case 'flip': {
      // One of the characters that have a flip, each as likely.
      const at: number[] = [];
      for (let i = 0; i < text.length; i++) if (FLIPS[text[i]!] !== undefined) at.push(i);
      const i = at[Math.floor(m.at * at.length)];
      return i === undefined ? text : text.slice(0, i) + FLIPS[text[i]!]! + text.slice(i + 1);
    }
    case 'lineEnds':
      return text.replace(/\r?\n/g, m.to);
    case 'repeat': {
      const i = pos(m.at);
      return text.slice(0, i) + text.slice(i, i + m.length).repeat(m.times) + text.slice(i + m.length);
    }
    default: {
      const lines = text.split('\n');
      const k = Math.floor(m.at * lines.length);
      if (m.op === 'deleteLine') lines.splice(k, 1);
      else if (m.op === 'duplicateLine') lines.splice(k, 0, lines[k]!);
      else if (m.op === 'swapLines') {
        const j = Math.floor(m.other * lines.length);
        [lines[k], lines[j]] = [lines[j]!, lines[k]!];
      }
      return lines.join('\n');
    }
  }
}

// ------------------------------------------------------------------ grammar-aware files

const number = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 12 }).map(String) },
  { weight: 2, arbitrary: fc.integer({ min: 13, max: 1200 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom('007', '-1', '1.5', '1e3', '99999999999999999999', '1234567', 'x', '', '0x10', '１') },
);
const runList = (sep: string) => fc.array(number, { maxLength: 6 }).map((ns) => ns.join(sep));
const blanks = fc.constantFrom('', ' ', '\t', '  ');
const lineOf = <T>(arb: fc.Arbitrary<T>) => fc.tuple(blanks, arb, blanks).map(([a, b, c]) => `${a}${String(b)}${c}`);

const nonLine = fc.oneof(
  fc.tuple(fc.constantFrom('width', 'height', 'rows', 'columns', 'WIDTH', 'Rows'), number).map(([k, n]) => `${k} ${n}`),
  fc.constantFrom('rows', 'columns', '', '# comment', 'catalogue "x"', 'license CC0', 'goal', 'color x'),
  lineOf(runList(',')),
  lineOf(runList(' ')),
  fc.tuple(fc.constantFrom('title', 'by', 'copyright'), creditArb).map(([k, t]) => `${k} "${t.replace(/[\r\n]/g, '')}"`),
  fc.array(fc.constantFrom('0', '1', '2', 'x'), { maxLength: 40 }).map((cs) => `goal "${cs.join('')}"`),
  fc.array(fc.tuple(number, number), { maxLength: 4 }).map((cells) => `given ${cells.map(([x, y]) => `${x},${y}`).join(' ')}`),
  fc.tuple(number, fc.constantFrom('a', 'b', 'x')).map(([n, c]) => `${n}${c}`),
);
const nonFile = fc
  .tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 8 }), fc.array(nonLine, { maxLength: 30 }), fc.boolean())
  .map(([w, h, lines, sized]) => (sized ? [`width ${w}`, `height ${h}`, ...lines] : lines).join('\n'));

const ninFile = fc
  .tuple(lineOf(fc.tuple(number, number).map(([w, h]) => `${w} ${h}`)), fc.array(fc.oneof(lineOf(runList(' ')), fc.constantFrom('', '# c', '#', '# title: x')), { maxLength: 20 }))
  .map(([head, lines]) => [head, ...lines].join('\n'));

const compactGroup = fc.array(fc.constantFrom('1', '2', '9', 'A', 'Z', '0', 'a', '?'), { maxLength: 4 }).map((s) => s.join(''));
const decimalGroup = fc.array(number, { minLength: 2, maxLength: 4 }).map((ns) => ns.join(' '));
const annotation = fc.oneof(
  fc.constantFrom('X', 'x', '', '00', '0', '5262', '0 0', '1 2 3'),
  fc.array(fc.constantFrom('0', '1', '5', 'A', 'Z', 'z', '!'), { maxLength: 8 }).map((s) => s.join('')),
  fc.array(number, { maxLength: 6 }).map((ns) => ns.join(' ')),
);
const cipherFile = fc
  .tuple(
    fc.oneof(number, fc.tuple(number, number).map(([w, h]) => `${w} ${h}`)),
    fc.integer({ min: 1, max: 8 }),
    fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.boolean(), annotation, fc.boolean()), { maxLength: 4 }),
    fc.array(fc.oneof(compactGroup, decimalGroup, blanks), { minLength: 20, maxLength: 20 }),
  )
  .map(([head, n, blocks, groups]) => {
    const out = [head];
    for (const [count, exact, ann, blank] of blocks) {
      const k = exact ? 2 * n : count;
      out.push(Array.from({ length: k }, (_, i) => groups[i % groups.length]).join(','), ann);
      if (blank) out.push('');
    }
    return out.join('\n');
  });

const xmlText = fc.oneof(number, fc.constantFrom('|X.|', '|X|\n|.|', '&amp;', '&#10;', '&x;', ' ', 'text', '|', '<![CDATA[1]]>'));
const xmlName = fc.constantFrom('puzzleset', 'puzzle', 'clues', 'line', 'count', 'color', 'solution', 'image', 'title', 'author', 'source', 'Line', 'x');
const xmlAttrs = fc
  .array(
    fc.tuple(fc.constantFrom('type', 'name', 'char', 'color', 'defaultcolor', 'backgroundcolor', 'x'), fc.constantFrom('rows', 'columns', 'grid', 'goal', 'black', 'white', 'red', 'X', '.', '#', '', 'a\nb', 'XX')),
    { maxLength: 3 },
  )
  .map((as) => as.map(([k, v]) => ` ${k}="${v}"`).join(''));
const { xmlTree } = fc.letrec<{ xmlTree: string }>((tie) => ({
  xmlTree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    xmlText,
    fc.tuple(xmlName, xmlAttrs).map(([n, a]) => `<${n}${a}/>`),
    fc.tuple(xmlName, xmlAttrs, fc.array(tie('xmlTree'), { maxLength: 5 }), fc.boolean()).map(([n, a, kids, closed]) => `<${n}${a}>${kids.join('')}${closed ? `</${n}>` : ''}`),
  ),
}));
const xmlFile = fc
  .tuple(fc.constantFrom('', '<?xml version="1.0"?>\n', '<!DOCTYPE pbn SYSTEM "x">\n'), xmlTree, fc.boolean())
  .map(([prolog, body, wrap]) => prolog + (wrap ? `<puzzleset><puzzle type="grid">${body}</puzzle></puzzleset>` : body));

const { jsonValue } = fc.letrec<{ jsonValue: string }>((tie) => ({
  jsonValue: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    number,
    fc.constantFrom('true', 'null', '"x"', '"nonocrypt-puzzle"', '"#.#"', '[]', '{}', '"\\u00e9"', '"\\ud800"', '"a\\"b"', '1e400', '-0'),
    fc.array(tie('jsonValue'), { maxLength: 5 }).map((vs) => `[${vs.join(',')}]`),
    fc.array(fc.tuple(fc.constantFrom('rows', 'cols', 'goal', 'givens', 'width', 'x'), tie('jsonValue')), { maxLength: 4 }).map((ms) => `{${ms.map(([k, v]) => `"${k}":${v}`).join(',')}}`),
  ),
}));
const jsonFile = fc
  .array(
    fc.tuple(fc.constantFrom('format', 'version', 'width', 'height', 'rows', 'cols', 'goal', 'givens', 'title', 'name', 'id', 'extra'), jsonValue),
    { maxLength: 9 },
  )
  .chain((members) =>
    fc.boolean().map((versioned) => {
      const all = versioned ? [['format', '"nonocrypt-puzzle"'], ['version', '1'], ...members] : members;
      return `{${all.map(([k, v]) => `"${k}": ${v}`).join(',\n ')}}`;
    }),
  );

const pictureFile = fc
  .array(fc.oneof({ weight: 8, arbitrary: fc.array(fc.constantFrom('#', '.', '1', '0', 'X', 'x', '-'), { minLength: 1, maxLength: 12 }).map((c) => c.join('')) }, { weight: 1, arbitrary: fc.constantFrom('', ';c', '  ', '#?', ' #', '# ') }), {
    maxLength: 14,
  })
  .map((rows) => rows.join('\n'));

const GRAMMARS: Record<FuzzFormat, fc.Arbitrary<string>> = {
  non: nonFile,
  nin: ninFile,
  xml: xmlFile,
  json: jsonFile,
  cipher: cipherFile,
  picture: pictureFile,
};

// ------------------------------------------------------------------ cases

const chunking = fc.record({
  chunks: fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 4 }),
  bytes: fc.boolean(),
});

const formatArb = fc.constantFrom(...FUZZ_FORMATS);

/** A valid file of a random format with one to four mutations (one, more often than not). */
export const mutationCaseArb: fc.Arbitrary<FuzzCase> = fc
  .tuple(
    formatArb,
    puzzleFileArb({ maxSide: 40 }),
    // Mostly one mutation, so that files often stay well-formed and reach the checks after parsing.
    fc.oneof({ weight: 3, arbitrary: fc.array(mutationArb, { minLength: 1, maxLength: 1 }) }, { weight: 2, arbitrary: fc.array(mutationArb, { minLength: 2, maxLength: 4 }) }),
    chunking,
  )
  .map(([format, file, mutations, { chunks, bytes }]) => ({
    format,
    how: `mutation ${mutations.map((m) => m.op).join('+')}`,
    text: mutations.reduce(mutate, writeFile(format, file)),
    chunks,
    bytes,
  }));

/** A file from a format's grammar with random tokens, sometimes mutated once more. */
export const grammarCaseArb: fc.Arbitrary<FuzzCase> = formatArb.chain((format) =>
  fc.tuple(GRAMMARS[format], fc.option(mutationArb, { freq: 4, nil: undefined }), chunking).map(([text, m, { chunks, bytes }]) => ({
    format,
    how: `grammar${m ? ` + ${m.op}` : ''}`,
    text: m ? mutate(text, m) : text,
    chunks,
    bytes,
  })),
);

/** Raw random text: any code points, or the formats' own characters at random. */
export const randomCaseArb: fc.Arbitrary<FuzzCase> = fc
  .tuple(
    formatArb,
    fc.oneof(
      anyText(200),
      fc.string({ unit: 'binary-ascii', maxLength: 200 }),
      fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((p) => p.join('')),
      fc.string({ unit: fc.constantFrom('1', '0', ',', ' ', '\n', 'X', '#', '.', '<', '>', '/', '"', '{', '}', '[', ']', ':'), maxLength: 300 }),
    ),
    chunking,
  )
  .map(([format, text, { chunks, bytes }]) => ({ format, how: 'random', text, chunks, bytes }));

/** All three kinds: half mutations, a third grammar, the rest random. */
export const fuzzCaseArb: fc.Arbitrary<FuzzCase> = fc.oneof(
  { weight: 3, arbitrary: mutationCaseArb },
  { weight: 2, arbitrary: grammarCaseArb },
  { weight: 1, arbitrary: randomCaseArb },
);
