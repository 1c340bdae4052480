// src/solve/coreAbi.ts from engines/core/abi.h: the numbers that cross the WebAssembly boundary,
// named once in C and read by name in TypeScript (test/coreAbi.test.ts keeps the two in step).

export interface AbiEnum {
  /** The C enum's name; TypeScript gets `Core` + name. */
  readonly name: string;
  readonly doc: string;
  readonly members: readonly { readonly name: string; readonly value: number; readonly doc: string }[];
}

/**
 * The enums of abi.h, each with its doc comment, and each enumerator with its explicit value and
 * trailing comment. Throws on anything else inside an enum (an enumerator without a value, two
 * on a line) and on a value used twice in one enum, so the header keeps the form it promises.
 */
export function parseAbi(header: string): AbiEnum[] {
  const enums: AbiEnum[] = [];
  for (const [, doc, name, body] of header.matchAll(/\/\*\*\s*([^]*?)\s*\*\/\s*enum\s+(\w+)\s*\{([^}]*)\};/g)) {
    const members = body!
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const m = /^\s*([A-Z][A-Z0-9_]*)\s*=\s*(-?\d+)\s*,\s*(?:\/\/\s*(.*?))?\s*$/.exec(line);
        if (!m) throw new Error(`engines/core/abi.h, enum ${name}: not "NAME = value,  // comment": ${line.trim()}`);
        return { name: m[1]!, value: Number(m[2]), doc: m[3] ?? '' };
      });
    const values = members.map((m) => m.value);
    if (new Set(values).size !== values.length) throw new Error(`engines/core/abi.h, enum ${name}: a value used twice`);
    enums.push({ name: name!, doc: doc!.replace(/\s*\n\s*\*\s*/g, ' '), members });
  }
  const declared = [...header.matchAll(/\benum\s+(\w+)/g)].length;
  if (enums.length !== declared || declared === 0) throw new Error(`engines/core/abi.h: ${declared} enums, ${enums.length} of them in the documented form`);
  return enums;
}

/** The TypeScript module: per enum a constant object of the enumerators and the union of their values. */
export function abiModule(enums: readonly AbiEnum[]): string {
  const out = [
    '// Generated from engines/core/abi.h by test/helpers/coreAbi.ts: do not edit. test/coreAbi.test.ts',
    '// fails when this file is out of date, and UPDATE_GOLDEN=1 rewrites it. The numbers that cross',
    '// the boundary to engines/core.wasm, read by their names there.',
  ];
  for (const e of enums) {
    const ts = `Core${e.name}`;
    out.push('', `/** ${e.doc} */`, `export const ${ts} = {`);
    for (const m of e.members) {
      if (m.doc) out.push(`  /** ${m.doc} */`);
      out.push(`  ${m.name}: ${m.value},`);
    }
    out.push('} as const;', `export type ${ts} = (typeof ${ts})[keyof typeof ${ts}];`);
  }
  return `${out.join('\n')}\n`;
}
