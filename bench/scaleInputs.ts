import { mulberry32 } from './common.js';
import { createWriteStream } from 'node:fs';
import { formatCipherBlock, formatHeader } from '../src/formats/ciphertext.js';
import { makeGrid, type Grid } from '../src/grid/Puzzle.js';
import { puzzleOf } from '../src/grid/runsOf.js';

/**
 * Deterministic inputs of the scale benchmark: an English text of any length (shuffled
 * sentences, fixed seed), and ciphertexts of many small blocks (every 4x4 picture; random
 * pictures of a given density). Everything is a pure function of its arguments.
 */

/** Plain English sentences over the cipher's alphabet (A-Z, space, comma, full stop). */
const SENTENCES = [
  'THE OLD LIGHTHOUSE KEEPER WROTE DOWN THE WEATHER EVERY MORNING.',
  'AFTER THE RAIN STOPPED, THE CHILDREN RAN OUT TO LOOK FOR SNAILS IN THE GARDEN.',
  'A TRAIN LEFT THE STATION AT NINE, CARRYING MAIL, MILK AND A FEW SLEEPY PASSENGERS.',
  'SHE OPENED THE WINDOW AND LISTENED TO THE BELLS OF THE CHURCH ACROSS THE RIVER.',
  'THE BAKER SAID THAT BREAD TASTES BEST WHEN IT HAS HAD TIME TO REST.',
  'MOST OF THE VILLAGE CAME TO THE MARKET ON SATURDAY TO BUY FISH AND APPLES.',
  'IN THE WINTER THE LAKE FROZE, AND PEOPLE WALKED ACROSS IT TO THE ISLAND.',
  'HE KEPT HIS GRANDFATHERS WATCH IN A SMALL BOX NEXT TO HIS BED.',
  'THE MAP SHOWED A PATH OVER THE HILLS, BUT NOBODY HAD USED IT FOR YEARS.',
  'WE WAITED UNDER THE BRIDGE UNTIL THE STORM HAD PASSED.',
  'THE LIBRARY WAS QUIET EXCEPT FOR THE SOUND OF PAGES BEING TURNED.',
  'EVERY SUMMER THE FAMILY DROVE TO THE COAST AND STAYED IN A HOUSE BY THE DUNES.',
  'THE TEACHER ASKED THE CLASS TO WRITE A STORY ABOUT A JOURNEY.',
  'A FOX CROSSED THE FIELD JUST BEFORE SUNRISE AND DISAPPEARED INTO THE WOODS.',
  'THE MUSEUM OPENS AT TEN AND CLOSES AT FIVE, EXCEPT ON HOLIDAYS.',
  'HER BROTHER FIXED THE BICYCLE WITH A PIECE OF WIRE AND SOME PATIENCE.',
  'THE SHIP WAS LATE BECAUSE OF FOG IN THE HARBOUR.',
  'THEY PLANTED POTATOES, BEANS AND ONIONS IN THE NARROW GARDEN BEHIND THE HOUSE.',
  'WHEN THE LIGHTS WENT OUT, EVERYONE SAT AROUND THE FIRE AND TOLD STORIES.',
  'THE DOCTOR SAID THAT A LONG WALK EACH DAY WOULD DO HIM GOOD.',
  'AT NOON THE SQUARE FILLED WITH PEOPLE HAVING LUNCH IN THE SUN.',
  'THE RIVER RISES IN THE MOUNTAINS AND FLOWS SLOWLY TOWARD THE SEA.',
  'SHE LEARNED TO PLAY THE PIANO BY LISTENING TO OLD RECORDS.',
  'THE FARMER COUNTED HIS SHEEP TWICE, BUT ONE WAS STILL MISSING.',
  'A NEW ROAD WAS BUILT BETWEEN THE TWO TOWNS, AND THE JOURNEY BECAME SHORTER.',
  'THE BIRDS RETURNED IN SPRING AND BUILT THEIR NESTS UNDER THE ROOF.',
  'HE READ THE LETTER AGAIN, SLOWLY, AS IF THE WORDS MIGHT CHANGE.',
  'THE CLOCK IN THE HALL HAD STOPPED AT A QUARTER PAST SEVEN.',
  'OUR NEIGHBOURS INVITED US FOR DINNER AND SERVED A SOUP OF PUMPKIN AND GINGER.',
  'THE WIND CARRIED THE SMELL OF SALT AND SEAWEED FAR INLAND.',
  'IT TOOK THREE DAYS TO CLIMB TO THE TOP OF THE MOUNTAIN AND ONE DAY TO COME DOWN.',
  'THE POST OFFICE WAS THE ONLY BUILDING WITH A TELEPHONE.',
  'SOME OF THE OLDEST TREES IN THE PARK ARE MORE THAN TWO HUNDRED YEARS OLD.',
  'THE CHILDREN BUILT A RAFT FROM BARRELS AND PLANKS AND FLOATED DOWN THE STREAM.',
  'AFTER DINNER, THE GUESTS WALKED ALONG THE CANAL TO SEE THE LANTERNS.',
  'THE QUESTION WAS SIMPLE, BUT THE ANSWER TOOK HIM ALL AFTERNOON.',
  'A SMALL BOAT WAS TIED TO THE JETTY, ROCKING GENTLY IN THE WAVES.',
  'THE WORKERS FINISHED THE BRIDGE A WEEK BEFORE THE FESTIVAL.',
  'HIS SISTER KEPT A DIARY OF EVERY BIRD SHE SAW FROM HER WINDOW.',
  'THE SNOW MELTED QUICKLY, AND THE STREETS WERE FULL OF WATER.',
] as const;

/** Exactly `chars` characters of English: shuffled sentences (fixed seed), ending in a full stop. */
export function englishText(chars: number, seed = 2024): string {
  const rand = mulberry32(seed);
  const parts: string[] = [];
  let length = 0;
  while (length < chars) {
    const s = SENTENCES[Math.floor(rand() * SENTENCES.length)]!;
    parts.push(s);
    length += s.length + 1;
  }
  let text = parts.join(' ').slice(0, chars);
  // Trailing spaces do not survive decryption (SPEC section 2); end on a visible character.
  if (text.endsWith(' ')) text = `${text.slice(0, -1)}.`;
  return text;
}

/** Writes a ciphertext of the given pictures (no annotations) to `path`, streamed. */
export async function writeClueCiphertext(path: string, width: number, height: number, grids: Iterable<Grid>): Promise<number> {
  const out = createWriteStream(path);
  let count = 0;
  let buf = `${formatHeader(width, height)}\n`;
  for (const grid of grids) {
    buf += formatCipherBlock({ puzzle: puzzleOf(grid), annotation: [] });
    count++;
    if (buf.length > 1 << 16) {
      if (!out.write(buf)) await new Promise<void>((r) => out.once('drain', () => r()));
      buf = '';
    }
  }
  out.end(buf);
  await new Promise<void>((resolve, reject) => {
    out.once('finish', () => resolve());
    out.once('error', reject);
  });
  return count;
}

/** Every 4x4 picture, picture m having cell i black when bit i of m is set. */
export function* all4x4(): Generator<Grid> {
  for (let m = 0; m < 1 << 16; m++) {
    const cells = new Uint8Array(16);
    for (let i = 0; i < 16; i++) cells[i] = (m >> i) & 1;
    yield makeGrid(4, 4, cells);
  }
}

/** `count` random pictures, each cell black with probability `density`. */
export function* randomGrids(width: number, height: number, count: number, density: number, seed: number): Generator<Grid> {
  const rand = mulberry32(seed);
  for (let k = 0; k < count; k++) {
    const cells = new Uint8Array(width * height);
    for (let i = 0; i < cells.length; i++) cells[i] = rand() < density ? 1 : 0;
    yield { width, height, cells };
  }
}

/** The number of 4x4 pictures whose clues no other 4x4 picture shares: the unique ones. */
export function unique4x4ByCounting(): number {
  const classSize = new Map<string, number>();
  const keys: string[] = [];
  for (const g of all4x4()) {
    const p = puzzleOf(g);
    const key = `${p.rows.map((r) => r.join('.')).join('/')}|${p.cols.map((c) => c.join('.')).join('/')}`;
    keys.push(key);
    classSize.set(key, (classSize.get(key) ?? 0) + 1);
  }
  return keys.filter((k) => classSize.get(k) === 1).length;
}

/**
 * A ciphertext's blocks repeated `copies` times (same header): a longer ciphertext whose
 * every block is known to decode. Streamed line by line.
 */
export async function repeatCiphertext(text: string, copies: number, path: string): Promise<number> {
  const nl = text.indexOf('\n');
  const header = text.slice(0, nl + 1);
  const body = text.slice(nl + 1);
  const out = createWriteStream(path);
  out.write(header);
  for (let i = 0; i < copies; i++) {
    if (!out.write(body)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  out.end();
  await new Promise<void>((resolve, reject) => {
    out.once('finish', () => resolve());
    out.once('error', reject);
  });
  return (body.split('\n').length - 1) / 2 * copies;
}
