/** What the caller gets from a throwing call (fails the test when nothing is thrown). */
export function thrown(f: () => unknown): Error {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected an error');
}
