import { expect, test } from 'vitest';
import { SatSession } from '../src/sat/SatSession.js';

// Instances are compared with === : printing one (a 64 MiB heap) in a failure diff would exhaust memory.

test('an instance is shared until the variables it has seen would pass the limit for the block size', () => {
  const session = new SatSession();
  // Small blocks (100 variables): the limit is the floor, 10,000 variables.
  const a = session.get(100);
  a.newVars(9_000);
  expect(session.get(100) === a, 'shared below the limit').toBe(true);
  a.newVars(1_000);
  const b = session.get(100);
  expect(b === a, 'fresh past the limit').toBe(false);
  expect(session.instances).toBe(2);
  // Larger blocks may share more: 600 * sqrt(40,000) = 120,000 variables (50,000 + 40,000 fit).
  b.newVars(50_000);
  expect(session.get(40_000) === b, 'larger blocks share more').toBe(true);
  expect(session.get(100) === b, 'small blocks do not pay for a large instance').toBe(false);
  // A block above the ceiling (250,000) always gets an instance of its own.
  const c = session.get(300_000);
  expect(session.isFresh(c)).toBe(true);
  // Hitting sets have a slot of their own.
  expect(session.get(100, 'hittingSets') === c, 'hitting sets have their own slot').toBe(false);
});

test('solo: an instance of the hard-proof engine (CaDiCaL in Node) that the session does not share; a session from a factory uses its factory', () => {
  const session = new SatSession('minisat');
  const shared = session.get(0, 'hittingSets');
  const solo = session.solo();
  expect(solo.engine).toBe('cadical');
  expect(shared.engine).toBe('minisat');
  expect(session.get(0, 'hittingSets') === shared, 'the slot keeps its instance').toBe(true);
  const again = session.solo();
  expect(again === solo, 'each solo instance is new').toBe(false);
  expect(session.instances).toBe(3);
  // Solo instances are the caller's to release; close() releases the shared ones.
  solo.release();
  again.release();
  session.close();
  const made: string[] = [];
  const factory = new SatSession(() => {
    made.push('x');
    return new SatSession('minisat').get(0);
  });
  const fromFactory = factory.solo();
  expect(fromFactory.engine).toBe('minisat');
  expect(made.length).toBe(1);
  fromFactory.release();
});
