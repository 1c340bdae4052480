// The messages between the page (main.ts) and its Web Worker (worker.ts). Plain data only:
// they cross the thread boundary by structured clone. Every request carries an id; the worker
// answers with any number of `progress` and `block` messages and then exactly one `done` or
// `error` for that id. Cancelling is not a message: the page terminates the worker.

import type { StepStatus } from '../src/line/LineStepper.js';
import type { Difficulty } from '../src/solve/SolveResult.js';
import type { MakeGoal } from '../src/puzzle/makePuzzle.js';
import type { CompiledEngines } from './compiledEngines.js';

export type TableChoice = 'classic' | 'frequency';
export type Receiver = 'unique' | 'logic';
export type PuzzleFormatChoice = 'auto' | 'non' | 'nin' | 'xml' | 'json' | 'cipher' | 'picture';

export type Request =
  | {
      readonly kind: 'encrypt';
      readonly text: string;
      readonly size: number | 'auto';
      readonly table: TableChoice | 'auto';
      readonly receiver: Receiver;
      /** Extended text: digits, punctuation, line breaks (see src/cipher/textBits.ts). */
      readonly extended: boolean;
    }
  | { readonly kind: 'decrypt'; readonly ciphertext: string; readonly table: TableChoice | 'auto' }
  | { readonly kind: 'verify'; readonly ciphertext: string }
  /** The certificate of one block of a ciphertext (docs/explanation/certificates.md): solved, then proved by the proof engine. */
  | { readonly kind: 'certify'; readonly ciphertext: string; readonly block: number }
  | { readonly kind: 'solve'; readonly puzzle: string; readonly format: PuzzleFormatChoice; readonly name?: string }
  | { readonly kind: 'annotate'; readonly puzzle: string; readonly format: PuzzleFormatChoice; readonly receiver: Receiver; readonly name?: string }
  /** Start step mode on a puzzle (its givens fixed black); answers with the empty board. */
  | { readonly kind: 'stepStart'; readonly puzzle: string; readonly format: PuzzleFormatChoice; readonly name?: string }
  /** One pass of line logic (`passes` of them, or until it stops when `toEnd`). */
  | { readonly kind: 'step'; readonly toEnd?: boolean }
  /** Mastermind / AB game with lies: the codes that fit a history, or the next guess. */
  | { readonly kind: 'mmCandidates' | 'mmNext'; readonly game: GameChoice; readonly history: string }
  /** Start a game against a lying code-maker (kept in the worker), or play one guess in it. */
  | { readonly kind: 'mmPlayStart'; readonly game: GameChoice; readonly seed: number }
  | { readonly kind: 'mmPlayGuess'; readonly guess: string }
  /** The Draw tab: a picture's live verdict (the page's verdict worker; see web/editor/VerdictClient.ts). */
  | { readonly kind: 'drawVerdict'; readonly picture: DrawnPicture; readonly givens: readonly number[] }
  /** The fewest cells to give so that the receiver decodes the picture (as the CLI's annotate). */
  | { readonly kind: 'drawAnnotate'; readonly picture: DrawnPicture; readonly receiver: Receiver }
  /** The picture as a file: its puzzle (clues, goal, `givens` black) in a format, or its sheet as SVG. */
  | { readonly kind: 'drawExport'; readonly picture: DrawnPicture; readonly givens: readonly number[]; readonly format: DrawExportFormat }
  /** The certificate of the picture's puzzle (with `givens`): unique is proved, anything else is said. */
  | { readonly kind: 'drawCertify'; readonly picture: DrawnPicture; readonly givens: readonly number[] }
  /** A puzzle file as a picture to edit: its goal, else its solution (the first of two). */
  | { readonly kind: 'drawImport'; readonly puzzle: string; readonly format: PuzzleFormatChoice; readonly name?: string }
  /**
   * The fewest cells to change so that the picture meets `goal` (makePuzzle): never a cell of
   * `keep`; with `grey`, the search starts from its threshold picture (which the page makes the
   * drawing) and a change costs what it moves the picture from the grey levels. `method` greedy
   * answers fast with no proof; prove searches for the fewest until `limitMs`.
   */
  | {
      readonly kind: 'drawMake';
      readonly picture: DrawnPicture;
      readonly goal: MakeGoal;
      readonly keep: readonly number[];
      readonly grey?: DrawnGrey;
      readonly method: 'greedy' | 'prove';
      readonly limitMs: number;
    };

/** A drawing's grey levels (row-major darkness, 0 white .. 1 black) and the threshold above which a cell is black. */
export interface DrawnGrey {
  readonly darkness: readonly number[];
  readonly threshold: number;
}

/** A picture drawn in the Draw tab: rows of `#` (black) and `.` (white), all of one length. */
export interface DrawnPicture {
  readonly rows: readonly string[];
}

export type DrawExportFormat = 'non' | 'picture' | 'xml' | 'json' | 'cipher' | 'svg';

/** A game with lies as the page's form gives it. */
export interface GameChoice {
  readonly kind: 'mastermind' | 'ab';
  readonly pegs: number;
  readonly symbols: number;
  readonly lies: number;
  readonly end: 'truthful' | 'deniable';
}

/** Where a sheet's grid is in its SVG (for drawing step-mode cells over it). */
export interface GridPlace {
  readonly x: number;
  readonly y: number;
  readonly cell: number;
  readonly width: number;
  readonly height: number;
}

export interface BlockView {
  /** 1-based block number. */
  readonly block: number;
  /** unique, multiple, none, unknown; or `puzzle` for an undecided sheet (encrypt). */
  readonly status: string;
  /** The verdict or what the sheet shows, in words. */
  readonly label: string;
  readonly svg: string;
}

export interface StepView {
  readonly status: StepStatus | 'start';
  readonly pass: number;
  /** Cell domains after the pass: 0 unknown, 1 black, 2 white. */
  readonly cells: number[];
  readonly open: number;
  readonly changes: readonly { readonly kind: 'row' | 'column'; readonly index: number; readonly cells: readonly number[] }[];
  readonly failed?: { readonly kind: 'row' | 'column'; readonly index: number };
}

export type Result =
  | {
      readonly kind: 'encrypt';
      readonly ciphertext: string;
      /** The table used (the chosen one with table auto): decryption needs it. */
      readonly table: string;
      readonly note: string;
      /** With size auto: how the boards were compared (the note leads with the result). */
      readonly accounting?: string;
      readonly proven: boolean;
    }
  | { readonly kind: 'decrypt'; readonly ok: true; readonly text: string; readonly blocks: number }
  | { readonly kind: 'decrypt'; readonly ok: false; readonly failures: readonly string[]; readonly blocks: number }
  | { readonly kind: 'verify'; readonly summary: Record<string, number> }
  /** A block's certificate: the formula (DIMACS) and its LRAT proof, as text; or why there is none. */
  | { readonly kind: 'certify'; readonly block: number; readonly ok: true; readonly verdict: string; readonly cnf: Uint8Array; readonly lrat: readonly Uint8Array[]; readonly ms: number }
  | { readonly kind: 'certify'; readonly block: number; readonly ok: false; readonly reason: string }
  | { readonly kind: 'solve'; readonly status: string; readonly label: string; readonly svg: string; readonly rows: readonly string[][] }
  | { readonly kind: 'annotate'; readonly label: string; readonly code: string; readonly svg: string; readonly givenFile: string }
  | { readonly kind: 'stepStart'; readonly svg: string; readonly place: GridPlace; readonly step: StepView; readonly width: number; readonly height: number; readonly givens: readonly number[] }
  | { readonly kind: 'step'; readonly steps: readonly StepView[] }
  /**
   * Mastermind results as the lines of text the tab shows; a game also gives its history so far
   * (`GUESS=xAyB,...`, for the History field) and whether it is over (won: no more guesses).
   */
  | { readonly kind: 'mm'; readonly lines: readonly string[]; readonly history?: string; readonly over?: boolean }
  /**
   * A drawn picture's verdict: `lineSolvable` and what decided it (`difficulty`: line logic,
   * probing, search) when unique; the cells where two solutions differ when multiple; why when
   * unknown (the page's time limit, for one). `ms`: the worker's time for it.
   */
  | {
      readonly kind: 'drawVerdict';
      readonly status: 'unique' | 'multiple' | 'none' | 'unknown';
      readonly lineSolvable: boolean;
      readonly difficulty?: Difficulty;
      readonly differ: readonly number[];
      readonly reason?: string;
      readonly ms: number;
    }
  | { readonly kind: 'drawAnnotate'; readonly receiver: Receiver; readonly givens: readonly number[]; readonly proven: boolean; readonly reason?: string }
  | { readonly kind: 'drawExport'; readonly text: string; readonly extension: string }
  | { readonly kind: 'drawImport'; readonly rows: readonly string[]; readonly givens: readonly number[]; readonly note: string }
  | DrawMakeResult;

/**
 * makePuzzle's answer for the Draw tab (MakeResult's meaning, field by field): `changes` the
 * cells to flip, `cost` their grey-level cost, `fewest`/`lowerBound`/`cheapestProven` what was
 * proved about them, and `verdict` the solver's verdict of the changed picture's clues.
 */
export interface DrawMakeResult {
  readonly kind: 'drawMake';
  readonly goal: MakeGoal;
  readonly method: 'greedy' | 'prove';
  readonly status: 'made' | 'none' | 'unknown';
  readonly changes: readonly number[];
  readonly cost: number;
  readonly fewest: 'proven' | 'found';
  readonly lowerBound: number;
  readonly cheapestProven: boolean;
  readonly verdict?: { readonly status: 'unique' | 'multiple' | 'none' | 'unknown'; readonly lineSolvable: boolean; readonly difficulty?: Difficulty };
  readonly stoppedBy?: 'time limit' | 'undecided candidates';
  /** The cells the search could change (those not kept). */
  readonly free: number;
  readonly ms: number;
}

export type Reply =
  /** Sent once, unasked (id 0), when the engine is loaded. `stops`: a time limit per block works. */
  | { readonly id: number; readonly kind: 'ready'; readonly engine: string; readonly stops: boolean }
  | { readonly id: number; readonly kind: 'progress'; readonly done: number; readonly total?: number }
  | { readonly id: number; readonly kind: 'block'; readonly view: BlockView }
  | { readonly id: number; readonly kind: 'done'; readonly result: Result }
  | { readonly id: number; readonly kind: 'error'; readonly message: string };

/**
 * The first message to a worker started with the name COMPILED_WORKER: the engines compiled by
 * the page (web/compiledEngines.ts), which it uses instead of fetching and compiling its own;
 * without them (the page could not compile them) it fetches its own.
 */
export const COMPILED_WORKER = 'compiled-engines';
export type EnginesMessage = { readonly kind: 'engines' } & Partial<CompiledEngines>;

/** A request as posted: its id, and a time limit per block (used when the engine can stop). */
export type Envelope = { readonly id: number; readonly request: Request; readonly timeoutMs?: number };
