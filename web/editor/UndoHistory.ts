// Undo and redo for the Draw tab: the states before each edit (a stroke, a key press, a
// button), newest last. Call order: `record(before)` after an edit that changed the state;
// `undo(current)` gives the state to return to and keeps `current` for `redo(current)`; a new
// `record` forgets what could be redone.

/**
 * How many edits can be undone (edits; 1 and up). A state is one picture, at most 100 x 100
 * bytes, so 500 of them stay under 5 MB.
 */
export const UNDO_DEPTH = 500;

export class UndoHistory<T> {
  private readonly past: T[] = [];
  private future: T[] = [];

  record(before: T): void {
    this.past.push(before);
    if (this.past.length > UNDO_DEPTH) this.past.shift();
    this.future = [];
  }

  undo(current: T): T | undefined {
    const s = this.past.pop();
    if (s !== undefined) this.future.push(current);
    return s;
  }

  redo(current: T): T | undefined {
    const s = this.future.pop();
    if (s !== undefined) this.past.push(current);
    return s;
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }
}
