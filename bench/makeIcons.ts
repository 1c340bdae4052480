/**
 * The icons of `npm run bench -- make`: SVG icons rendered to grey levels as `nonocrypt make
 * --size WxH icon.svg` reads them (resvg at 8 pixels a cell across, then greyOfPixels: the mean
 * lightness of the pixels a cell covers, alpha composited on white), and their threshold
 * pictures at darkness 0.5.
 *
 * The benchmark set is bootstrap-icons (MIT, a pinned devDependency): every 10th of its SVG
 * files in the order of their names (the 1st, 11th, 21st, ...), at 24x24 and 30x30; the
 * manifest bench/results/make-icons.json names them with the package's version and a digest
 * of the grey levels, and the suite refuses to run when its rendering differs. A held-out set
 * (any folder of SVGs, e.g. lucide-static installed outside the project) is read the same way.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { SVG_SAMPLES } from '../src/cli/imageInput.js';
import { greyOfPixels, type GreyImage } from '../src/solve/make/GreyImage.js';
import { packageRoot } from './harness/doc.js';

export const ICON_PACKAGE = 'bootstrap-icons';
export const EVERY = 10;
export const SIZES = [24, 30] as const;
export const THRESHOLD = 0.5;

export interface Icon {
  readonly name: string;
  readonly size: number;
  readonly image: GreyImage;
}

export interface IconManifest {
  readonly package: string;
  readonly version: string;
  readonly rule: string;
  readonly threshold: number;
  readonly samplesPerCell: number;
  readonly sizes: readonly number[];
  readonly names: readonly string[];
  /** SHA-256 of the grey levels (each rounded to 6 decimals, one line a size), per size. */
  readonly digests: Readonly<Record<string, string>>;
}

export const MANIFEST = (): string => join(packageRoot(), 'bench', 'results', 'make-icons.json');
/** The benchmark set's SVG files (its package's icons/ folder). */
export const iconDir = (): string => join(packageRoot(), 'node_modules', ICON_PACKAGE, 'icons');

/** The SVG files of `dir` in name order. */
export function svgFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((n) => n.endsWith('.svg'))
    .sort();
}

/** Every `every`-th SVG file of `dir` in name order, from the first. */
function everyNth(dir: string, every: number): string[] {
  return svgFiles(dir).filter((_, i) => i % every === 0);
}

/** An icon's name: its file's without .svg. */
const iconName = (file: string): string => file.replace(/\.svg$/, '');

/** The version of the benchmark set's package installed. */
export const installedVersion = (): string => (JSON.parse(readFileSync(join(packageRoot(), 'node_modules', ICON_PACKAGE, 'package.json'), 'utf8')) as { version: string }).version;

function renderIcon(svg: Buffer, size: number): GreyImage {
  const img = new Resvg(svg, { fitTo: { mode: 'width', value: size * SVG_SAMPLES } }).render();
  return greyOfPixels({ width: img.width, height: img.height, data: img.pixels }, size, size);
}

function digestOf(icons: readonly Icon[]): string {
  const h = createHash('sha256');
  for (const i of icons) h.update(`${i.name} ${Array.from(i.image.darkness, (d) => d.toFixed(6)).join(' ')}\n`);
  return h.digest('hex');
}

/** The icons of `dir` (every `every`-th) at each size. */
export function iconsOf(dir: string, every: number, sizes: readonly number[]): Icon[] {
  const files = everyNth(dir, every);
  return sizes.flatMap((size) => files.map((file) => ({ name: iconName(file), size, image: renderIcon(readFileSync(join(dir, file)), size) })));
}

/** The benchmark set, checked against its manifest. */
export function benchmarkIcons(): Icon[] {
  const manifest = JSON.parse(readFileSync(MANIFEST(), 'utf8')) as IconManifest;
  const version = installedVersion();
  if (version !== manifest.version) throw new Error(`${ICON_PACKAGE} ${version} is installed; the manifest names ${manifest.version} (npm ci installs the pinned one)`);
  const icons = iconsOf(iconDir(), EVERY, SIZES);
  const names = everyNth(iconDir(), EVERY).map(iconName);
  if (JSON.stringify(names) !== JSON.stringify(manifest.names)) throw new Error('the icons chosen differ from the manifest bench/results/make-icons.json');
  for (const size of SIZES) {
    const d = digestOf(icons.filter((i) => i.size === size));
    if (d !== manifest.digests[String(size)]) throw new Error(`the icons rendered at ${size}x${size} differ from the manifest's (digest ${d.slice(0, 12)}, manifest ${manifest.digests[String(size)]?.slice(0, 12)}): another resvg?`);
  }
  return icons;
}

/** The manifest of the icons as rendered now (written by `npm run bench -- make --manifest`). */
export function manifestNow(): IconManifest {
  const version = installedVersion();
  const icons = iconsOf(iconDir(), EVERY, SIZES);
  return {
    package: ICON_PACKAGE,
    version,
    rule: `every ${EVERY}th file of icons/*.svg in name order, from the first`,
    threshold: THRESHOLD,
    samplesPerCell: SVG_SAMPLES,
    sizes: SIZES,
    names: everyNth(iconDir(), EVERY).map(iconName),
    digests: Object.fromEntries(SIZES.map((s) => [String(s), digestOf(icons.filter((i) => i.size === s))])),
  };
}
