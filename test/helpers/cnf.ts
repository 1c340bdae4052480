// A tiny, deliberately naive unit-propagation engine and DIMACS reader, used only by tests.
// They share no code with src/encode or src/sat.

export interface Dimacs {
  readonly numVars: number;
  readonly numClauses: number;
  readonly clauses: number[][];
  readonly comments: string[];
}

/** Parses DIMACS strictly: comments, one `p cnf V C` header, clause lines each ending with 0. */
export function parseDimacs(text: string): Dimacs {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const comments: string[] = [];
  const clauses: number[][] = [];
  let header: { v: number; c: number } | undefined;
  lines.forEach((line, i) => {
    if (line.startsWith('c')) {
      if (header) throw new Error(`line ${i + 1}: comment after the header`);
      comments.push(line);
      return;
    }
    const p = /^p cnf (\d+) (\d+)$/.exec(line);
    if (p) {
      if (header) throw new Error(`line ${i + 1}: second header`);
      header = { v: Number(p[1]), c: Number(p[2]) };
      return;
    }
    if (!header) throw new Error(`line ${i + 1}: clause before the header`);
    if (!/^(-?[1-9]\d* )*0$/.test(line)) throw new Error(`line ${i + 1}: not a clause line ending with 0: ${JSON.stringify(line)}`);
    const lits = line.split(' ').map(Number);
    lits.pop();
    for (const l of lits) if (Math.abs(l) > header.v) throw new Error(`line ${i + 1}: literal ${l} beyond ${header.v} variables`);
    clauses.push(lits);
  });
  if (!header) throw new Error('no p cnf header');
  return { numVars: header.v, numClauses: header.c, clauses, comments };
}

/**
 * Unit propagation to a fixpoint. `assign[v]` is 1 (true), -1 (false) or 0 (open); it is
 * extended in place. Returns false on a conflict (some clause has every literal false).
 */
export function unitPropagate(clauses: readonly (readonly number[])[], assign: Int8Array): boolean {
  for (let changed = true; changed; ) {
    changed = false;
    for (const clause of clauses) {
      let open = 0;
      let last = 0;
      let sat = false;
      for (const lit of clause) {
        const v = assign[Math.abs(lit)]!;
        if (v === 0) {
          open++;
          last = lit;
        } else if ((v > 0) === (lit > 0)) {
          sat = true;
          break;
        }
      }
      if (sat) continue;
      if (open === 0) return false;
      if (open === 1) {
        assign[Math.abs(last)] = last > 0 ? 1 : -1;
        changed = true;
      }
    }
  }
  return true;
}

/** Whether an assignment of every variable (assign[v] = 1 or -1) satisfies every clause. */
export function satisfies(clauses: readonly (readonly number[])[], assign: Int8Array): boolean {
  return clauses.every((c) => c.some((lit) => (assign[Math.abs(lit)]! > 0) === (lit > 0)));
}

/** Whether the clauses (and the units `assume`) over variables 1..n have a model, by enumeration (n small). */
export function bruteSat(n: number, clauses: readonly (readonly number[])[], assume: readonly number[] = []): boolean {
  const all = [...clauses, ...assume.map((l) => [l])];
  const assign = new Int8Array(n + 1);
  for (let m = 0; m < 1 << n; m++) {
    for (let v = 1; v <= n; v++) assign[v] = ((m >> (v - 1)) & 1) === 1 ? 1 : -1;
    if (satisfies(all, assign)) return true;
  }
  return false;
}

/**
 * p + 1 pigeons into p holes (unsatisfiable, hard for CDCL at p = 9) over variables 1..n,
 * n = (p + 1)·p: x(i, j) says pigeon i sits in hole j. Each pigeon's clause first, then, hole by
 * hole, no two pigeons in it.
 */
export function pigeonhole(p: number): { n: number; clauses: number[][]; x: (i: number, j: number) => number } {
  const x = (i: number, j: number) => 1 + i * p + j;
  const clauses: number[][] = [];
  for (let i = 0; i <= p; i++) clauses.push(Array.from({ length: p }, (_, j) => x(i, j)));
  for (let j = 0; j < p; j++) for (let i = 0; i <= p; i++) for (let k = i + 1; k <= p; k++) clauses.push([-x(i, j), -x(k, j)]);
  return { n: (p + 1) * p, clauses, x };
}
