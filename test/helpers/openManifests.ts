// The long searches of bench/results/open/ as the tests read them: each manifest's own fields,
// typed here apart from the bench suite that writes them (bench/gamesOpenCheck.ts), so that a
// test holds the file, not the code that made it. test/gamesOpen.test.ts holds every manifest to
// its checkpoint and recipe; test/gamesSettled.test.ts reads a manifest that a settled record names.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './cli.js';

export const OPEN_DIR = join(ROOT, 'bench', 'results', 'open');

/** A part found valid, as `check --part K/N --json` printed it. */
export interface OpenPartReport {
  readonly valid: boolean;
  readonly game: string;
  readonly guesses: number;
  readonly positions: number;
  /** `outside` (the splits above the units, which every part checks) is missing from reports made before check printed it. */
  readonly units: { readonly checked: number; readonly total: number; readonly outside?: number };
  readonly part: { readonly index: number; readonly count: number; readonly depth: number };
  readonly sha256: string;
}

export interface OpenManifestFile {
  readonly checkpoint: string;
  readonly bytes: number;
  readonly sha256: string;
  readonly rules: { readonly game: string; readonly pegs: number; readonly symbols: number; readonly lies: number; readonly end: string; readonly lie: string };
  readonly guesses: number;
  readonly frontierDepth: number;
  readonly frontier: number;
  readonly itemsDone: number;
  readonly itemsRefuted: number;
  readonly positions: number;
  readonly resume: string;
  /** A search with every item done: the proof its recipe writes (not committed), and its check by parts. */
  readonly proof?: {
    readonly recipe: string;
    readonly textCharacters: number;
    readonly textSha256: string;
    readonly positions: number;
    readonly checkByParts: { readonly parts: number; readonly partDepth: number; readonly reports: readonly OpenPartReport[] };
  };
}

/** The manifest in bench/results/open/ of this file name (`NAME.manifest.json`). */
export const readOpenManifest = (file: string): OpenManifestFile => JSON.parse(readFileSync(join(OPEN_DIR, file), 'utf8')) as OpenManifestFile;
