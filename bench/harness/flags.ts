/**
 * A suite's options, declared once: each flag knows its default, its help line and how to read
 * its value (`--key value` or `--key=value`; a boolean flag takes none). `parseFlags` turns the
 * arguments after the suite's name into a typed object; words that are not flags are kept in
 * order under `_` (a suite that takes none rejects them).
 */
export interface Flag<T> {
  readonly help: string;
  readonly takesValue: boolean;
  read(raw: string | undefined, name: string): T;
}

export type Spec = Record<string, Flag<unknown>>;
export type Values<S extends Spec> = { readonly [K in keyof S]: S[K] extends Flag<infer T> ? T : never } & { readonly _: readonly string[] };

const bad = (name: string, raw: string | undefined, what: string) => new Error(`--${name}: "${raw}" is not ${what}`);

export const flag = (help: string): Flag<boolean> => ({ help, takesValue: false, read: (raw) => raw !== undefined });

/** A number; `check` names what is allowed (default: any number >= 0). */
export function num(dflt: number, help: string, check: [(n: number) => boolean, string] = [(n) => n >= 0, 'a number >= 0']): Flag<number> {
  return { help: `${help} (default ${dflt})`, takesValue: true, read: (raw, name) => {
    if (raw === undefined) return dflt;
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(n) || !check[0](n)) throw bad(name, raw, check[1]);
    return n;
  } };
}

export const whole = (dflt: number, help: string, min = 1): Flag<number> => num(dflt, help, [(n) => Number.isInteger(n) && n >= min, `a whole number >= ${min}`]);

/** A string, one of `choices` when given; without a default the value is undefined when absent. */
export function str<T extends string>(dflt: T, help: string, choices?: readonly T[]): Flag<T>;
export function str(dflt: undefined, help: string): Flag<string | undefined>;
export function str(dflt: string | undefined, help: string, choices?: readonly string[]): Flag<string | undefined> {
  return { help: dflt === undefined ? help : `${help} (default ${dflt})`, takesValue: true, read: (raw, name) => {
    if (raw === undefined) return dflt;
    if (choices && !choices.includes(raw)) throw bad(name, raw, `one of ${choices.join(', ')}`);
    return raw;
  } };
}

/** A comma-separated list, each item one of `choices` (or `all` for every choice). */
export function list<T extends string>(dflt: readonly T[], help: string, choices?: readonly T[]): Flag<T[]> {
  return { help: `${help} (default ${dflt.join(',')})`, takesValue: true, read: (raw, name) => {
    if (raw === undefined) return [...dflt];
    if (raw === 'all' && choices) return [...choices];
    const items = raw.split(',').map((s) => s.trim()) as T[];
    for (const i of items) if (choices && !choices.includes(i)) throw bad(name, i, `one of ${choices.join(', ')}${choices ? ' (or all)' : ''}`);
    return items;
  } };
}

/** Whole numbers, comma-separated, each a number or a range `a-b`. */
export const ints = (dflt: readonly number[], help: string): Flag<number[]> => ({
  help: `${help} (default ${dflt.length ? dflt.join(',') : 'none'})`,
  takesValue: true,
  read: (raw, name) => {
    if (raw === undefined) return [...dflt];
    return raw.split(',').flatMap((part) => {
      const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
      if (!m) throw bad(name, raw, 'a list of whole numbers or ranges such as 1-35,40');
      const a = Number(m[1]);
      const b = Number(m[2] ?? m[1]);
      return Array.from({ length: Math.max(0, b - a + 1) }, (_, i) => a + i);
    });
  },
});

export function parseFlags<S extends Spec>(spec: S, args: readonly string[], positional: boolean): Values<S> {
  const raw = new Map<string, string | undefined>();
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('--')) {
      if (!positional) throw new Error(`unexpected argument "${a}"`);
      rest.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const key = a.slice(2, eq >= 0 ? eq : undefined);
    const f = spec[key];
    if (!f) throw new Error(`unknown option --${key}; known: ${Object.keys(spec).map((k) => `--${k}`).join(', ')}`);
    if (!f.takesValue && eq >= 0) throw new Error(`--${key} takes no value`);
    const v = !f.takesValue ? '' : eq >= 0 ? a.slice(eq + 1) : args[++i];
    if (v === undefined) throw new Error(`--${key} needs a value`);
    raw.set(key, v);
  }
  const out: Record<string, unknown> = { _: rest };
  for (const [k, f] of Object.entries(spec)) out[k] = f.read(raw.get(k), k);
  return out as Values<S>;
}

export function flagHelp(spec: Spec): string[] {
  return Object.entries(spec).map(([k, f]) => `    --${k}${f.takesValue ? ' V' : ''}  ${f.help}`);
}
