import { describe, expect, test } from 'vitest';
import { ENGINES, createSolver } from '../src/sat/engines.js';
import { GuardScope } from '../src/sat/GuardScope.js';

/** The guard protocol on every engine: scopes switch their clauses on and off, and nest. */
describe.each(ENGINES)('GuardScope on %s', (engine) => {
  const make = () => createSolver(engine);
  test('a scope holds only while it is solved under; a child needs its parent; retiring ends it', () => {
    const s = make();
    const x = s.newVar();
    const y = s.newVar();
    s.addClause([x, y]);
    const a = new GuardScope(s);
    a.addClause([-x]);
    const b = a.child();
    b.addClause([-y]);
    expect(a.solve()).toBe('sat');
    expect(s.value(x)).toBe(0);
    expect(s.value(y)).toBe(1);
    expect(b.solve()).toBe('unsat'); // -x, -y and (x or y)
    b.retire();
    expect(a.solve()).toBe('sat');
    // A sibling scope does not see the retired child's clauses, and the top level never did.
    const c = a.child();
    c.addClause([y]);
    expect(c.solve()).toBe('sat');
    c.retire();
    a.retire();
    expect(s.solve()).toBe('sat');
    // Clauses of a retired scope are gone for good; the formula is still satisfiable either way.
    const d = new GuardScope(s);
    d.addClause([-x]);
    d.addClause([-y]);
    expect(d.solve()).toBe('unsat');
    d.retire();
    expect(s.solve()).toBe('sat');
  });

  test('extra assumptions hold for one solve only, and the model of that solve can be read', () => {
    const s = make();
    const v = s.newVars(3);
    const scope = new GuardScope(s);
    scope.addClause([-v, -(v + 1)]); // not both
    expect(scope.solve({}, [v])).toBe('sat');
    expect(s.value(v)).toBe(1);
    expect(s.value(v + 1)).toBe(0);
    expect(scope.solve({}, [v, v + 1])).toBe('unsat');
    expect(scope.solve({}, [v + 1])).toBe('sat');
    expect(s.value(v + 1)).toBe(1);
    expect(scope.solve()).toBe('sat');
    scope.retire();
  });

  test('the top scope adds its clauses as they are; its children are guarded as any scope\'s', () => {
    const s = make();
    const top = GuardScope.top(s);
    expect(top.guard).toBe(0);
    const x = top.newVar();
    const y = top.newVar();
    top.addClause([x, y]);
    top.addClause([-x]);
    // Permanent: the instance itself now holds them, with no assumption.
    expect(s.numClauses).toBe(2);
    expect(s.solve()).toBe('sat');
    expect(s.value(y)).toBe(1);
    const child = top.child();
    expect(child.guard).toBeGreaterThan(y);
    child.addClause([-y]);
    expect(child.solve()).toBe('unsat');
    expect(top.solve({}, [-y])).toBe('unsat');
    child.retire();
    expect(top.solve()).toBe('sat');
    top.retire();
    // Retiring the top scope switches nothing off: its owner releases the instance.
    expect(s.solve([-y])).toBe('unsat');
    s.release();
  });

  test('variables a scope made are its own: numbering stays consecutive across scopes', () => {
    const s = make();
    const a = new GuardScope(s);
    const first = a.newVars(5);
    const b = a.child();
    const inB = b.newVar();
    const more = a.newVar();
    expect(first).toBe(a.guard + 1);
    expect(inB).toBe(b.guard + 1);
    expect(more).toBe(inB + 1);
    b.retire();
    a.addClause([more]);
    expect(a.solve()).toBe('sat');
    expect(s.value(more)).toBe(1);
    a.retire();
  });
});
