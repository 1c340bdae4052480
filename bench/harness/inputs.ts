import { once } from 'node:events';
import { createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { formatCipherBlock, formatHeader } from '../../src/formats/ciphertext.js';
import { readPuzzleFile } from '../../src/formats/detectFormat.js';
import { makeGrid, type Grid, type Puzzle } from '../../src/grid/Puzzle.js';
import { puzzleOf, rowOf, runsOf } from '../../src/grid/runsOf.js';
import { mulberry32 } from '../../src/seededRandom.js';
import { packageRoot } from './doc.js';

/**
 * Inputs of the suites, every one a pure function of its arguments (seeded draws) or read from
 * the shared benchmark puzzles beside the repository (`../shared/bench`, never copied into it).
 */

export { mulberry32 };

/** A picture whose cells are black with probability `density`, drawn from `rand`. */
export function randomGrid(width: number, height: number, density: number, rand: () => number): Grid {
  const cells = new Uint8Array(width * height);
  for (let i = 0; i < cells.length; i++) cells[i] = rand() < density ? 1 : 0;
  return makeGrid(width, height, cells);
}

/** `count` random pictures from one seed. */
export function* randomGrids(width: number, height: number, count: number, density: number, seed: number): Generator<Grid> {
  const rand = mulberry32(seed);
  for (let k = 0; k < count; k++) yield randomGrid(width, height, density, rand);
}

/** Every 4x4 picture, picture m having cell i black when bit i of m is set. */
export function* all4x4(): Generator<Grid> {
  for (let m = 0; m < 1 << 16; m++) yield makeGrid(4, 4, Array.from({ length: 16 }, (_, i) => (m >> i) & 1));
}

/** The pictures whose clues no other picture of the list shares: exactly the unique ones. */
export function uniqueByCounting(grids: Iterable<Grid>): boolean[] {
  const keys = [...grids].map((g) => JSON.stringify(puzzleOf(g)));
  const count = new Map<string, number>();
  for (const k of keys) count.set(k, (count.get(k) ?? 0) + 1);
  return keys.map((k) => count.get(k) === 1);
}

// ---------------------------------------------------------------- the shared puzzles

export type Known = 'unique' | 'multiple' | 'unknown';

/** A puzzle of a benchmark set; `picture` when the clues were drawn from a known picture (a solution exists). */
export interface Entry {
  readonly set: string;
  /** 1-based position in the set. */
  readonly index: number;
  readonly id: string;
  readonly name?: string;
  readonly known: Known;
  readonly puzzle: Puzzle;
  readonly picture?: Grid;
}

export const benchDir = (dir?: string): string => resolve(dir ?? join(packageRoot(), '..', 'shared', 'bench'));

function entryOf(set: string, index: number, text: string, source: string): Entry {
  const raw = JSON.parse(text) as { id?: unknown; name?: unknown; solutions_known?: unknown };
  const known = raw.solutions_known === 'unique' || raw.solutions_known === 'multiple' ? raw.solutions_known : 'unknown';
  const id = typeof raw.id === 'string' ? raw.id : `${set}-${index}`;
  return { set, index, id, ...(typeof raw.name === 'string' ? { name: raw.name } : {}), known, puzzle: readPuzzleFile(text, 'json', source).puzzle };
}

/**
 * Wolter's survey set (`survey`: his numbered puzzles in order, then Knotty and Faase by area)
 * or a tournament set of 1000 (`taai2011`, `tcga2016`, `icga2017`), from `dir`.
 */
export function sharedSet(dir: string, set: string): Entry[] {
  const need = (p: string) => {
    if (!existsSync(p)) throw new Error(`${p} is missing (--dir names the folder of the shared benchmark puzzles)`);
    return p;
  };
  if (set !== 'survey') {
    const file = need(join(dir, 'tournament', `${set}.jsonl`));
    return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l, i) => entryOf(set, i + 1, l, `${file}:${i + 1}`));
  }
  const folder = need(join(dir, 'survey'));
  const area = (e: Entry) => e.puzzle.width * e.puzzle.height;
  const all = readdirSync(folder).filter((f) => f.endsWith('.json')).map((f) => entryOf(set, 0, readFileSync(join(folder, f), 'utf8'), join(folder, f)));
  const wolter = (e: Entry) => e.id.startsWith('webpbn-');
  all.sort((a, b) => (wolter(a) !== wolter(b) ? (wolter(a) ? -1 : 1) : wolter(a) ? a.id.localeCompare(b.id) : area(a) - area(b)));
  return all.map((e, i) => ({ ...e, index: i + 1 }));
}

/** Square random boards as a set: `count` pictures of side `side(k)` and density `density(k)`, one generator. */
export function randomSet(set: string, count: number, seed: number, side: (k: number) => number, density: (k: number, rand: () => number) => number): Entry[] {
  const rand = mulberry32(seed);
  return Array.from({ length: count }, (_, k) => {
    const n = side(k);
    const d = density(k, rand);
    const picture = randomGrid(n, n, d, rand);
    return { set, index: k + 1, id: `${set}-${k + 1}`, name: `${n}x${n} d=${d.toFixed(3)}`, known: 'unknown', puzzle: puzzleOf(picture), picture };
  });
}

/**
 * Square random boards with one row clue mistyped, as a puzzle author's slip makes them: each
 * picture drawn as in `randomSet`, then in one row (drawn too) a black cell and a white cell swap
 * colours in that row's clue only; the row keeps its count of black cells and every column keeps
 * the picture's clue. The picture no longer fits, and often nothing does: such a board's verdict
 * is `none` at once by line logic, or only after a proof that no picture fits, the kind of work
 * cube-and-conquer splits. Nothing is known of the answer: `known` is 'unknown'.
 */
export function typoSet(set: string, count: number, seed: number, side: number, density: number): Entry[] {
  const rand = mulberry32(seed);
  return Array.from({ length: count }, (_, k) => {
    const picture = randomGrid(side, side, density, rand);
    // A row with both colours (drawn again until one is: a row of one colour has no such slip).
    let y: number;
    do y = Math.floor(rand() * side);
    while (!rowOf(picture, y).includes(0) || !rowOf(picture, y).includes(1));
    const row = Uint8Array.from(rowOf(picture, y));
    const pick = (colour: number) => {
      const at = [...row.keys()].filter((x) => row[x] === colour);
      return at[Math.floor(rand() * at.length)]!;
    };
    const black = pick(1);
    const white = pick(0);
    row[black] = 0;
    row[white] = 1;
    const clean = puzzleOf(picture);
    const puzzle = { ...clean, rows: clean.rows.map((r, i) => (i === y ? runsOf(row) : r)) };
    return { set, index: k + 1, id: `${set}-${k + 1}`, name: `${side}x${side} d=${density.toFixed(3)}; row ${y + 1} (from 1): cell ${black + 1} black written white, cell ${white + 1} white written black`, known: 'unknown', puzzle };
  });
}

// ---------------------------------------------------------------- text and ciphertexts

/** Plain English sentences over the cipher's alphabet (A-Z, space, comma, full stop). */
const SENTENCES = [
  'THE OLD LIGHTHOUSE KEEPER WROTE DOWN THE WEATHER EVERY MORNING.', 'AFTER THE RAIN STOPPED, THE CHILDREN RAN OUT TO LOOK FOR SNAILS IN THE GARDEN.',
  'A TRAIN LEFT THE STATION AT NINE, CARRYING MAIL, MILK AND A FEW SLEEPY PASSENGERS.', 'SHE OPENED THE WINDOW AND LISTENED TO THE BELLS OF THE CHURCH ACROSS THE RIVER.',
  'THE BAKER SAID THAT BREAD TASTES BEST WHEN IT HAS HAD TIME TO REST.', 'MOST OF THE VILLAGE CAME TO THE MARKET ON SATURDAY TO BUY FISH AND APPLES.',
  'IN THE WINTER THE LAKE FROZE, AND PEOPLE WALKED ACROSS IT TO THE ISLAND.', 'HE KEPT HIS GRANDFATHERS WATCH IN A SMALL BOX NEXT TO HIS BED.',
  'THE MAP SHOWED A PATH OVER THE HILLS, BUT NOBODY HAD USED IT FOR YEARS.', 'WE WAITED UNDER THE BRIDGE UNTIL THE STORM HAD PASSED.',
  'THE LIBRARY WAS QUIET EXCEPT FOR THE SOUND OF PAGES BEING TURNED.', 'EVERY SUMMER THE FAMILY DROVE TO THE COAST AND STAYED IN A HOUSE BY THE DUNES.',
  'THE TEACHER ASKED THE CLASS TO WRITE A STORY ABOUT A JOURNEY.', 'A FOX CROSSED THE FIELD JUST BEFORE SUNRISE AND DISAPPEARED INTO THE WOODS.',
  'THE MUSEUM OPENS AT TEN AND CLOSES AT FIVE, EXCEPT ON HOLIDAYS.', 'HER BROTHER FIXED THE BICYCLE WITH A PIECE OF WIRE AND SOME PATIENCE.',
  'THE SHIP WAS LATE BECAUSE OF FOG IN THE HARBOUR.', 'THEY PLANTED POTATOES, BEANS AND ONIONS IN THE NARROW GARDEN BEHIND THE HOUSE.',
  'WHEN THE LIGHTS WENT OUT, EVERYONE SAT AROUND THE FIRE AND TOLD STORIES.', 'THE DOCTOR SAID THAT A LONG WALK EACH DAY WOULD DO HIM GOOD.',
  'AT NOON THE SQUARE FILLED WITH PEOPLE HAVING LUNCH IN THE SUN.', 'THE RIVER RISES IN THE MOUNTAINS AND FLOWS SLOWLY TOWARD THE SEA.',
  'SHE LEARNED TO PLAY THE PIANO BY LISTENING TO OLD RECORDS.', 'THE FARMER COUNTED HIS SHEEP TWICE, BUT ONE WAS STILL MISSING.',
  'A NEW ROAD WAS BUILT BETWEEN THE TWO TOWNS, AND THE JOURNEY BECAME SHORTER.', 'THE BIRDS RETURNED IN SPRING AND BUILT THEIR NESTS UNDER THE ROOF.',
  'HE READ THE LETTER AGAIN, SLOWLY, AS IF THE WORDS MIGHT CHANGE.', 'THE CLOCK IN THE HALL HAD STOPPED AT A QUARTER PAST SEVEN.',
  'OUR NEIGHBOURS INVITED US FOR DINNER AND SERVED A SOUP OF PUMPKIN AND GINGER.', 'THE WIND CARRIED THE SMELL OF SALT AND SEAWEED FAR INLAND.',
  'IT TOOK THREE DAYS TO CLIMB TO THE TOP OF THE MOUNTAIN AND ONE DAY TO COME DOWN.', 'THE POST OFFICE WAS THE ONLY BUILDING WITH A TELEPHONE.',
  'SOME OF THE OLDEST TREES IN THE PARK ARE MORE THAN TWO HUNDRED YEARS OLD.', 'THE CHILDREN BUILT A RAFT FROM BARRELS AND PLANKS AND FLOATED DOWN THE STREAM.',
  'AFTER DINNER, THE GUESTS WALKED ALONG THE CANAL TO SEE THE LANTERNS.', 'THE QUESTION WAS SIMPLE, BUT THE ANSWER TOOK HIM ALL AFTERNOON.',
  'A SMALL BOAT WAS TIED TO THE JETTY, ROCKING GENTLY IN THE WAVES.', 'THE WORKERS FINISHED THE BRIDGE A WEEK BEFORE THE FESTIVAL.',
  'HIS SISTER KEPT A DIARY OF EVERY BIRD SHE SAW FROM HER WINDOW.', 'THE SNOW MELTED QUICKLY, AND THE STREETS WERE FULL OF WATER.',
] as const;

/** Exactly `chars` characters of English: shuffled sentences (fixed seed), ending on a visible character. */
export function englishText(chars: number, seed = 2024): string {
  const rand = mulberry32(seed);
  const parts: string[] = [];
  for (let length = 0; length < chars; ) {
    const s = SENTENCES[Math.floor(rand() * SENTENCES.length)]!;
    parts.push(s);
    length += s.length + 1;
  }
  const text = parts.join(' ').slice(0, chars);
  // Trailing spaces do not survive decryption (SPEC section 2).
  return text.endsWith(' ') ? `${text.slice(0, -1)}.` : text;
}

/** Streams text pieces into `path`, waiting on back-pressure; resolves when the file is whole. */
export async function writeStream(path: string, pieces: Iterable<string>): Promise<void> {
  const out = createWriteStream(path);
  for (const p of pieces) if (!out.write(p)) await once(out, 'drain');
  await once(out.end(), 'finish');
}

/** A ciphertext of the given pictures' clues, no annotations. */
export const writeClueCiphertext = (path: string, width: number, height: number, grids: Iterable<Grid>): Promise<void> =>
  writeStream(path, (function* () {
    yield `${formatHeader(width, height)}\n`;
    for (const g of grids) yield formatCipherBlock({ puzzle: puzzleOf(g), annotation: [] });
  })());
