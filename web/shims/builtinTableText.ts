// Browser replacement of src/cipher/builtinTableText.ts (swapped in by web/build.mjs): the
// built-in tables are bundled from the same encoders/*.json files, so the page reads no file
// and fetches nothing. Same signature as the Node module.
import classic from '../../encoders/classic.json';
import frequency from '../../encoders/frequency.json';

const TABLES: Readonly<Record<string, unknown>> = { classic, frequency };

export function builtinTableText(name: string): { text: string; source: string } {
  return { text: JSON.stringify(TABLES[name]), source: `encoders/${name}.json` };
}
