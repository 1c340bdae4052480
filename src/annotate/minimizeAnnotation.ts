import { SolverAbortError } from '../errors.js';
import { BUDGET_REASON, BUDGET_TIE_BREAK_REASON } from './budgetReason.js';
import type { Grid } from '../grid/Puzzle.js';
import { defaultSession, type SatSession } from '../sat/SatSession.js';
import { switchCores } from './localCores.js';
import { searchHittingSet } from './localSearchHittingSet.js';
import { MinHittingSet } from './MinHittingSet.js';
import { makeOracle } from './oracles.js';
import { trimAnnotation } from './trimAnnotation.js';
import type { ReceiverModel } from './ReceiverModel.js';

/**
 * The smallest annotation of a block, by implicit hitting sets.
 *
 * Keep a list of cores (cell sets every valid annotation must hit). Repeat: take a minimum
 * hitting set H of the cores and ask the oracle. Every valid annotation hits every core, so
 * none is smaller than H. If H is not valid, the oracle returns new cores that H misses;
 * before the next round H is extended greedily until it is valid (first by the whole of each
 * new core, later in the budget by its one cell that most cores share): that harvests several
 * cores per round and gives an upper bound. Once some H is valid the size is settled, and the
 * row-major tie-break decides cell after cell, asking the oracle about the hitting sets it
 * needs (MinHittingSet.tieBreakStep) until it names the row-major first valid set of that size.
 * If a time budget runs out first, the best valid annotation found so far, with the cells it
 * turns out not to need dropped, is returned with `proven: false`; validity is never
 * compromised.
 */
export interface MinimizeOptions {
  readonly model?: ReceiverModel;
  readonly session?: SatSession;
  /**
   * Bound on the whole call in milliseconds: proving minimality stops before it, and the
   * answer is valid whenever it stops (unproven then). Undefined or Infinity: no bound.
   */
  readonly budgetMs?: number;
  /** Seed for the logic oracle's core shrinking. */
  readonly seed?: number;
}

export interface MinimizeResult {
  /** Cells to give black, row-major order. */
  readonly annotation: number[];
  /** True when the annotation is proved to be the smallest (and first in row-major order). */
  readonly proven: boolean;
  /** When not proven: why. */
  readonly reason?: string;
  readonly model: ReceiverModel;
  readonly stats: {
    readonly rounds: number;
    readonly oracleCalls: number;
    readonly cores: number;
    readonly lowerBound: number;
    readonly hittingSetSolves: number;
    /** Rounds whose minimum hitting set came from local search (no exact solve). */
    readonly searchedHittingSets: number;
    /** The round in which the size was settled (the rest is the row-major tie-break). */
    readonly settledRound: number;
    /** Milliseconds spent in the exact hitting-set solver (the rest is the oracle). */
    readonly hittingSetMs: number;
    readonly ms: number;
  };
}

/**
 * Share of the budget spent proving minimality (0..1); the rest is for finishing a valid
 * annotation when none is known yet. With 0.9, blocks end within their budget plus the few
 * milliseconds of one propagation (measured on the Brown-corpus benchmark, docs/results/minimizer.md).
 */
const FINISH_SHARE = 0.9;
/**
 * Swaps the local hitting-set search may make before the exact solver is asked instead
 * (steps, 100-100,000). On the logic receiver's cores at n = 25 it found sets of the optimum's
 * size within 2,000 steps (3-20 ms) where it found any; 20,000 found one more.
 */
const SEARCH_STEPS = 5_000;
/**
 * Share of the budget (0..1) during which the greedy extension gives a failed set a whole core
 * at a time; after it, the one cell of the core that most cores hold. Whole cores reach a
 * valid set in few checks (each a SAT call for the unique receiver) and the cores they harvest
 * share no cell with the ones before; single cells give smaller valid sets, which matter only
 * when the proof does not finish. On the 20 Brown messages (10 s each): unique receiver at
 * n = 30, 15 proven, median 1.1 s per block, at 0.5, against 14 and 2.0 s with single cells
 * only, and 16 proven with whole cores only but larger unproven annotations (268 cells in all
 * against 251 at 0.5 and 259 with single cells).
 */
const WHOLE_CORE_SHARE = 0.5;

export function minimizeAnnotation(grid: Grid, options: MinimizeOptions = {}): MinimizeResult {
  const model = options.model ?? 'unique';
  const started = performance.now();
  // The budget is a bound on the whole call: proving stops at FINISH_SHARE of it, the rest is
  // kept for reaching a valid annotation when none is known yet (logic receiver: greedy steps,
  // each a check; unique receiver: its SAT calls stop at FINISH_SHARE until one set is valid,
  // and the current set is completed by propagation, choosing cells with care while time is
  // left); at its end every SAT call stops and the current set is completed by propagation.
  const budget = options.budgetMs === undefined || options.budgetMs === Infinity ? undefined : Math.max(0, options.budgetMs);
  const deadline = budget === undefined ? Infinity : started + FINISH_SHARE * budget;
  const giveUp = budget === undefined ? Infinity : started + budget;
  const wholeCoresUntil = budget === undefined ? Infinity : started + WHOLE_CORE_SHARE * budget;
  const oracle = makeOracle(grid, model, options.session, options.seed, deadline, giveUp);
  const hardLimit = { deadline: giveUp };
  const softLimit = { deadline };
  const hs = new MinHittingSet(options.session ?? defaultSession);
  const addCores = (cores: number[][]) => {
    for (const core of cores) hs.addCore(core);
  };
  let best: number[] | undefined;
  let rounds = 0;
  let settled = false;
  let settledRound = 0;
  let hittingSetMs = 0;
  let searched = 0;
  let lastHit: readonly number[] = [];
  const done = (annotation: number[], proven: boolean, reason = BUDGET_REASON): MinimizeResult => {
    oracle.dispose();
    hs.dispose();
    const lowerBound = hs.provenBound; // disjoint-core packing over every core: computed once
    return {
      annotation: [...annotation].sort((a, b) => a - b),
      proven,
      ...(proven
        ? {}
        : { reason: annotation.length === lowerBound && reason === BUDGET_REASON ? BUDGET_TIE_BREAK_REASON : reason }),
      model,
      stats: {
        rounds,
        oracleCalls: oracle.calls,
        cores: hs.cores.length,
        lowerBound,
        hittingSetSolves: hs.solves,
        searchedHittingSets: searched,
        settledRound,
        hittingSetMs,
        ms: performance.now() - started,
      },
    };
  };
  // An unproven answer loses the cells it turns out not to need (trimAnnotation.ts), those
  // fewest cores hold tried first, until the give-up point. Past `deadline` the logic oracle's
  // checks are single propagations; the unique oracle's are SAT calls that stop at give-up.
  const trim = (valid: readonly number[]) =>
    trimAnnotation(valid, oracle, [...valid].sort((a, b) => hs.coresHolding(a) - hs.coresHolding(b)), giveUp);
  try {
    // No time left at all (a block late in a shared budget): line logic only, no SAT set-up.
    if (budget === 0) {
      const given = oracle.complete([]);
      return done(given, given.length === 0); // a block line logic finishes needs nothing: proven
    }
    const initial = oracle.initialCores();
    if (initial === 'unknown') return done(oracle.complete([], giveUp), false);
    if (initial.length === 0) return done([], true);
    addCores(initial);
    // Switch cores cost a few milliseconds per block (O(n^3) line moves), more than the whole
    // proof of a block that one or two rounds settle, as most blocks of ordinary text are
    // (1,600 blocks of 25x25, frequency table: 0.38 of 1.7 CPU s went to them); they are
    // added at the first candidate that fails, where the rounds they save begin.
    let switched = false;
    for (;;) {
      rounds++;
      // While the size is open: any minimum hitting set. A set of the proven lower bound's size
      // is a minimum one, and local search finds it in milliseconds where the exact solver
      // took a large part of a second (see localSearchHittingSet.ts); the exact solver runs
      // only when it fails. Once settled: the next set the row-major tie-break asks about.
      const t0 = performance.now();
      let h: number[] | null | 'unknown' | undefined;
      try {
        if (settled) {
          const step = hs.tieBreakStep(hardLimit);
          if (step === 'unknown') return done(best!, false);
          if ('answer' in step) return done(step.answer, true);
          h = step.ask;
        } else {
          h = searchHittingSet(hs.index, { k: Math.max(1, hs.provenBound), start: lastHit, maxSteps: SEARCH_STEPS, seed: rounds });
          if (h) searched++;
          // With a valid set in hand, the solve stops at `deadline`: the time after it trims that set.
          else h = hs.solve(best ? softLimit : hardLimit);
        }
      } catch (e) {
        if (!(e instanceof SolverAbortError)) throw e;
        return done(best ?? oracle.complete([]), false, `${e.message} in the hitting-set solver; the annotation is valid but not proven smallest`);
      }
      hittingSetMs += performance.now() - t0;
      if (!h) throw new Error('internal error: empty core');
      if (h === 'unknown') return done(best ? trim(best) : oracle.complete([]), false);
      lastHit = h;
      const answer = oracle.check(h);
      if (answer === 'unknown') return done(best ?? oracle.complete(h, giveUp), false);
      if (answer.valid) {
        if (settled) {
          hs.accept(h);
          continue;
        }
        // Valid at the lower bound: the size is settled (searched sets have that size too).
        settled = true;
        settledRound = rounds;
        best = h;
        hs.beginTieBreak(h);
        continue;
      }
      addCores(answer.cores);
      if (!switched) {
        switched = true;
        addCores(switchCores(grid));
      }
      if (settled) continue;
      // Greedy extension: harvest more cores and find an upper bound (see WHOLE_CORE_SHARE).
      const ext = [...h];
      let pending = answer.cores;
      for (;;) {
        // Out of time: the best valid set if there is one, trimmed. Otherwise, for the logic
        // receiver, keep extending (each step is one cheap check) until a later give-up point;
        // for the unique receiver, whose checks are SAT calls (seconds each on some blocks at
        // n = 30), complete this set by propagation at once, with the time left for a careful
        // choice of cells (valid, larger). At the give-up point, complete it quickly.
        const now = performance.now();
        if (now > deadline && best) return done(trim(best), false);
        if (now > deadline && model === 'unique') return done(oracle.complete(ext, giveUp), false);
        if (now > giveUp) return done(oracle.complete(ext), false);
        const core = pending.reduce((a, b) => (a.length <= b.length ? a : b));
        if (now < wholeCoresUntil) {
          for (const c of core) if (!ext.includes(c)) ext.push(c);
        } else {
          let pick = core[0]!;
          for (const c of core) if (hs.coresHolding(c) > hs.coresHolding(pick)) pick = c;
          ext.push(pick);
        }
        const r = oracle.check(ext);
        if (r === 'unknown') return done(best ?? oracle.complete(ext, giveUp), false);
        if (r.valid) break;
        addCores(r.cores);
        pending = r.cores;
      }
      if (!best || ext.length < best.length) best = ext;
      if (performance.now() > deadline) return done(trim(best), false);
    }
  } catch (e) {
    oracle.dispose();
    hs.dispose();
    if (e instanceof SolverAbortError && model === 'unique') {
      // The block is too large for MiniSat's heap. A line-solvable annotation needs no SAT on
      // the block and is valid for the unique receiver too (line-solvable implies unique).
      const logic = minimizeAnnotation(grid, { ...options, model: 'logic', budgetMs: budget === undefined ? undefined : Math.max(0, giveUp - performance.now()) });
      return {
        ...logic,
        model,
        proven: false,
        reason: `${e.message}; gave the smallest line-solvable annotation instead (valid, not proven smallest for the unique receiver)`,
      };
    }
    throw e;
  }
}

