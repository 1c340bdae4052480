import { NonocryptError } from '../../errors.js';
import { linePasses } from '../../line/LineStepper.js';
import { BLACK, UNKNOWN, WHITE } from '../../line/lineAutomaton.js';
import { NonogramCore } from '../NonogramCore.js';
import { PictureClues } from './PictureClues.js';

/**
 * What a made puzzle must be:
 * - `line-solvable`: line logic from its clues alone fixes every cell (so it is unique);
 * - `unique`: exactly one picture fits its clues (whatever it takes to prove);
 * - `probing`: unique, line logic alone stalls and probing at depth 1 finishes it;
 * - `search`: unique, and neither line logic nor probing finishes it.
 * The last three are `solve --difficulty`'s levels (line, probing, search): a result meets
 * `probing` exactly when `solve` reports that difficulty for it.
 */
export type MakeTarget = 'line-solvable' | 'unique' | 'probing' | 'search';

/**
 * Rows and columns of a sound zone: every set of further changes that makes the judged picture
 * meet its target changes at least one cell in one of these lines (see PictureJudge.judge).
 */
export interface Zone {
  readonly rows: Uint8Array;
  readonly cols: Uint8Array;
}

export interface Judgement {
  readonly met: boolean;
  /** False when the search for a second picture stopped at its node limit: `met` is then false but not proved. */
  readonly decided: boolean;
  /**
   * How far the picture is from the target by line logic, what the greedy search lowers: the
   * cells line logic leaves open (0 when line-solvable). With a pass limit: the cells still open
   * after that many passes when line logic solves the picture, else the board's cells plus those
   * it leaves open (so every line-solvable picture comes first).
   */
  readonly open: number;
  /** A sound zone, when one was asked for and is known; absent: any cell may be the one that helps. */
  readonly zone?: Zone;
  /**
   * For `line-solvable`, when not met: a stalled fixpoint of line logic for the picture's clues
   * that agrees with the picture wherever it is fixed (the zone's open cells are its open
   * cells); `judgeChange` starts the picture's children from it.
   */
  readonly fixpoint?: Uint8Array;
}

/**
 * Search nodes the core may spend looking for a second picture of a candidate (unit: nodes of
 * its depth-first search with probing, engines/core; range 100 and up). On 104 bootstrap icons
 * (every 20th) not line-solvable as drawn, the search for two solutions took 0.02 ms median at
 * 24x24 but 7.5 s on one icon (0.01 ms and 0.1 s at 30x30), so a bound keeps a candidate's
 * judgement short; a candidate it stops is counted as undecided, never as a proof.
 */
export const SECOND_PICTURE_NODES = 2000;

/**
 * SECOND_PICTURE_NODES for the greedy search's judgements (`judge`'s `quick`; unit: nodes; range
 * 100 up to SECOND_PICTURE_NODES), which also ignore the time limit, so that a greedy search
 * always ends. A judgement it stops counts as not met, and the search changes another cell. On
 * bootstrap-icons tags at 30x30 (goal unique) three greedy steps each spent the full 2000 nodes
 * (0.7 s apiece) and stopped undecided all the same; with 200 the greedy search took 0.48 s
 * instead of 2.5 s and found the same change (one cell).
 */
export const QUICK_SECOND_PICTURE_NODES = 200;

/**
 * Line cache of the short-lived cores made per candidate, as a power of two (unit: log2
 * entries; range 8-20). A candidate's core propagates once (or a few hundred times from one
 * fixpoint when its zone is shrunk), so a 30x30 board's default 2^16 entries cost more to clear
 * (0.17 ms) than the propagation itself (0.03 ms); 2^10 entries take 40 KiB.
 */
export const CANDIDATE_CACHE_BITS = 10;

/**
 * Judges pictures of one board against a target with the nonogram core (engines/core): one
 * short-lived core per picture (a change changes two clues), every call counted.
 *
 * The zones are proofs, not heuristics. For `line-solvable`: if X is a fixpoint of line logic
 * for the picture's clues that agrees with the picture wherever it is fixed and leaves some cell
 * open, then any set G of changes whose cells all lie in lines X fixes entirely leaves X+G (X
 * with G's cells flipped) a fixpoint of the new clues (unchanged lines keep their clue and
 * state; changed lines are fixed and fit their new clue), with the same open cells: line logic
 * from nothing, which ends at the largest fixpoint, stalls too. So every helpful G touches a line
 * with an open cell of X. The judge shrinks X first: it fixes open cells to the picture's values
 * one at a time, keeping each step that still stalls, so the open cells lie in few lines.
 * For `unique`: a second picture Q with the same clues, D the cells where they differ; a G
 * whose lines hold no cell of D leaves Q+G a second picture of the new clues (a line without G
 * keeps both pictures' runs; a line with G holds no cell of D, so P+G and Q+G agree on it). So
 * every helpful G touches a line through D. The difficulty targets have no zone.
 *
 * Call order: construct; `judge` any number of times (each makes and disposes its core).
 */
export class PictureJudge {
  /** Cores made (line-logic runs from nothing), over all calls. */
  runs = 0;
  private readonly trial: Uint8Array;
  private readonly clues: PictureClues;

  /**
   * `maxPasses` (target `line-solvable` only): line logic must solve the picture within this
   * many passes (LineStepper's: every row, then every column). Pictures line logic solves in
   * more have no zone (any cell may be the one that helps); the others keep line-solvable's,
   * which stays sound since the target asks more.
   */
  constructor(
    readonly width: number,
    readonly height: number,
    readonly target: MakeTarget,
    private readonly deadline = Infinity,
    private readonly maxPasses?: number,
  ) {
    this.trial = new Uint8Array(width * height);
    this.clues = new PictureClues(width, height);
  }

  /** How far line logic is from starting on the clues of the picture `cells` (PictureClues.forcingSlack). */
  forcingSlack(cells: Uint8Array): number {
    return this.clues.forcingSlack(cells);
  }

  /** Judgement.open of the picture `cells`: cells line logic leaves open in its puzzle (0: line-solvable; with a pass limit, as Judgement.open says). */
  openCells(cells: Uint8Array): number {
    const core = this.coreOf(cells);
    try {
      const domains = this.trial.fill(UNKNOWN);
      if (core.load(domains) === 'solved') return this.maxPasses === undefined ? 0 : this.passesLeave(core).open;
      core.read(domains);
      return this.far(countOpen(domains));
    } finally {
      core.dispose();
    }
  }

  /** Line logic's passes on a line-solvable core's puzzle, up to the pass limit. */
  private passesLeave(core: NonogramCore): { met: boolean; open: number } {
    const count = linePasses(core.puzzle, [], this.maxPasses);
    return { met: count.status === 'solved', open: count.open };
  }

  /** Judgement.open of a picture line logic leaves `open` cells of (more than 0). */
  private far(open: number): number {
    return this.maxPasses === undefined ? open : this.width * this.height + open;
  }

  /**
   * Whether the picture `cells` (row-major, 1 black) meets the target; with `wantZone`, a sound
   * zone when one is known. `quick`: the search for a second picture stops at
   * QUICK_SECOND_PICTURE_NODES, and the time limit is not looked at (probing alone takes
   * milliseconds), so a caller that judges picture after picture until one is met always ends.
   */
  judge(cells: Uint8Array, wantZone: boolean, quick = false): Judgement {
    const { width, height } = this;
    const core = this.coreOf(cells);
    try {
      const domains = new Uint8Array(width * height).fill(UNKNOWN);
      const line = core.load(domains);
      if (line === 'solved') {
        if (this.maxPasses === undefined) return { met: this.target === 'line-solvable' || this.target === 'unique', decided: true, open: 0 };
        return { ...this.passesLeave(core), decided: true };
      }
      if (line === 'contradiction') throw new NonocryptError('E_INTERNAL', 'internal error: a picture contradicts its own clues');
      core.read(domains);
      const open = countOpen(domains);
      switch (this.target) {
        case 'line-solvable':
          return { met: false, decided: true, open: this.far(open), ...(wantZone ? { zone: this.stuckZone(core, cells, domains), fixpoint: domains } : {}) };
        case 'probing': {
          const probed = core.probe(quick ? {} : { deadline: this.deadline });
          return { met: probed === 'solved', decided: probed !== 'stopped', open };
        }
        case 'unique':
        case 'search': {
          const probed = core.probe(quick ? {} : { deadline: this.deadline });
          if (probed === 'solved') return { met: this.target === 'unique', decided: true, open };
          if (probed === 'stopped') return { met: false, decided: false, open };
          const found = core.search(2, quick ? { maxNodes: QUICK_SECOND_PICTURE_NODES } : { maxNodes: SECOND_PICTURE_NODES, deadline: this.deadline });
          const other = found.grids.find((g) => g.some((v, i) => v !== cells[i]));
          if (other) return { met: false, decided: true, open, ...(wantZone && this.target === 'unique' ? { zone: differenceZone(cells, other, width, height) } : {}) };
          if (found.end !== 'complete') return { met: false, decided: false, open };
          return { met: true, decided: true, open };
        }
      }
    } finally {
      core.dispose();
    }
  }

  /**
   * `judge` for a picture one change away from a judged one (`cells` holds the change, at cell
   * `changed`), for `line-solvable`: line logic of the new clues starts from the parent's
   * stalled fixpoint with the change made, only the change's row and column to solve first.
   * That start agrees with the new picture and is a fixpoint on every other line, so where it
   * stalls (almost always) the picture is not line-solvable and the fixpoint reached is the
   * child's: no run from nothing, no shrinking. Where it finishes, a run from nothing decides.
   */
  judgeChange(cells: Uint8Array, parent: Uint8Array, changed: number, wantZone: boolean): Judgement {
    if (this.target !== 'line-solvable') return this.judge(cells, wantZone);
    const { width, height } = this;
    const core = this.coreOf(cells);
    try {
      const domains = parent.slice();
      if (domains[changed] !== UNKNOWN) domains[changed] = cells[changed] ? BLACK : WHITE;
      const status = core.propagate(domains, [Math.floor(changed / width), height + (changed % width)]);
      if (status === 'contradiction') throw new NonocryptError('E_INTERNAL', 'internal error: a picture contradicts a fixpoint it agrees with');
      if (status === 'stalled') return { met: false, decided: true, open: this.far(countOpen(domains)), ...(wantZone ? { zone: zoneOf(domains, width, height), fixpoint: domains } : {}) };
    } finally {
      core.dispose();
    }
    return this.judge(cells, wantZone);
  }

  /** A core for the puzzle of the picture `cells`, counted in `runs`; the caller disposes it. */
  private coreOf(cells: Uint8Array): NonogramCore {
    const core = new NonogramCore(this.clues.of(cells), { cacheBits: CANDIDATE_CACHE_BITS });
    this.runs++;
    return core;
  }

  /** The lines of a shrunk stalled fixpoint (class comment); `domains` is line logic's fixpoint, changed in place. */
  private stuckZone(core: NonogramCore, cells: Uint8Array, domains: Uint8Array): Zone {
    const { width, height } = this;
    const rowOpen = new Int32Array(height);
    const colOpen = new Int32Array(width);
    const open: number[] = [];
    for (let i = 0; i < domains.length; i++) {
      if (domains[i] !== UNKNOWN) continue;
      open.push(i);
      rowOpen[Math.floor(i / width)]!++;
      colOpen[i % width]!++;
    }
    // Fix first the cells of lines with few open cells, so that whole lines leave the zone.
    const key = (i: number) => Math.min(rowOpen[Math.floor(i / width)]!, colOpen[i % width]!);
    open.sort((a, b) => key(a) - key(b) || a - b);
    const trial = this.trial;
    for (const u of open) {
      if (domains[u] !== UNKNOWN || performance.now() > this.deadline) continue;
      trial.set(domains);
      trial[u] = cells[u] ? BLACK : WHITE;
      if (core.propagate(trial, [Math.floor(u / width), height + (u % width)]) === 'stalled') domains.set(trial);
    }
    return zoneOf(domains, width, height);
  }
}

/** The lines through the open cells of `domains`. */
function zoneOf(domains: Uint8Array, width: number, height: number): Zone {
  const rows = new Uint8Array(height);
  const cols = new Uint8Array(width);
  for (let i = 0; i < domains.length; i++) {
    if (domains[i] !== UNKNOWN) continue;
    rows[Math.floor(i / width)] = 1;
    cols[i % width] = 1;
  }
  return { rows, cols };
}

function countOpen(domains: Uint8Array): number {
  let open = 0;
  for (const d of domains) if (d === UNKNOWN) open++;
  return open;
}

/** The lines through the cells where two pictures differ. */
function differenceZone(a: Uint8Array, b: Uint8Array, width: number, height: number): Zone {
  const rows = new Uint8Array(height);
  const cols = new Uint8Array(width);
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    rows[Math.floor(i / width)] = 1;
    cols[i % width] = 1;
  }
  return { rows, cols };
}
