import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../errors.js';

/**
 * Where the built-in tables come from: in Node, the package's `encoders/*.json` files, read
 * when first needed (Node 20 cannot import JSON modules without an experimental warning).
 *
 * This module is the library's only file access for tables, kept apart so that a browser
 * build can replace it: the web page's bundle (web/build.mjs) swaps it for
 * `web/shims/builtinTableText.ts`, which bundles the same JSON files. Same name, same
 * signature; `name` is already checked to be a built-in table.
 */
export function builtinTableText(name: string): { text: string; source: string } {
  const file = join(packageRoot(), 'encoders', `${name}.json`);
  return { text: readFileSync(file, 'utf8'), source: file };
}

/**
 * The package root: the nearest folder above this module holding both `package.json` and
 * `encoders/`. Works from `src/cipher/` (tests) and from `dist/src/cipher/` (built package).
 */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'encoders'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new InputError('E_TABLE', `cannot find the encoders/ folder above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}
