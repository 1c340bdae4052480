// The Draw tab's live verdict runs in Web Workers of its own (the page's worker.js, loaded
// twice, given the engines the page compiled once), so that drawing never waits for the solver and the other tabs' work never waits for
// the verdict. Only the newest picture matters: a request for a new picture while an older one
// is being solved waits for it for at most a grace period, after which the busy worker is
// terminated (the solver is one synchronous call: nothing else can stop it) and the spare
// worker, already loaded, takes the new picture; a new spare is started beside it.
//
// Call order: `check(generation, picture, givens, options)` as often as the picture changes (and
// `hurry(graceMs)` when the author stops, to shorten the wait of the newest one); each
// answer arrives once through `onAnswer(generation, answer)`, and only for pictures whose
// request was not superseded before it started (answers for older generations can still
// arrive; the caller compares generations). `dispose()` ends both workers.
import { compileEngines } from '../compiledEngines.js';
import { COMPILED_WORKER, type DrawnPicture, type EnginesMessage, type Envelope, type Reply, type Result } from '../protocol.js';

export type VerdictResult = Extract<Result, { kind: 'drawVerdict' }>;
export type VerdictAnswer = { readonly ok: true; readonly result: VerdictResult } | { readonly ok: false; readonly message: string };

export interface CheckOptions {
  /** The solver's time limit (ms); undefined: none (keep going until the picture changes). */
  readonly limitMs?: number;
  /**
   * How long (ms) a stale request may still run before its worker is terminated for this one.
   * Short when the author has stopped (a stroke ended): the answer matters now. Longer while a
   * stroke goes on, so that a drag does not start a worker per mouse move.
   */
  readonly graceMs: number;
}

interface Job {
  readonly id: number;
  readonly generation: number;
  readonly picture: DrawnPicture;
  /** The given cells judged with the clues (row-major indices; none: the bare clues). */
  readonly givens: readonly number[];
  readonly limitMs?: number;
}

export class VerdictClient {
  private active: Worker;
  private spare: Worker;
  private running: Job | undefined;
  private queued: Job | undefined;
  private killTimer: number | undefined;
  private killAt = Infinity;
  private nextId = 1;
  /** Workers terminated for a newer picture (the benchmark reads it). */
  restarts = 0;

  /** The engines, compiled once by the page and handed to every worker (a restart then costs little). */
  private readonly engines = compileEngines();

  constructor(
    private readonly onAnswer: (generation: number, answer: VerdictAnswer) => void,
    private readonly script = 'worker.js',
  ) {
    this.active = this.start();
    this.spare = this.start();
  }

  check(generation: number, picture: DrawnPicture, givens: readonly number[], options: CheckOptions): void {
    this.queued = { id: this.nextId++, generation, picture, givens, ...(options.limitMs !== undefined ? { limitMs: options.limitMs } : {}) };
    if (!this.running) {
      this.dispatch();
      return;
    }
    this.hurry(options.graceMs);
  }

  /**
   * A newer picture waits: the stale request running may go on for at most `graceMs` more. An
   * earlier kill time stands, so a stream of new pictures never postpones it. Nothing waiting:
   * nothing to do (the running request is the newest picture's).
   */
  hurry(graceMs: number): void {
    if (!this.running || !this.queued) return;
    const at = performance.now() + graceMs;
    if (at >= this.killAt) return;
    this.killAt = at;
    if (this.killTimer !== undefined) window.clearTimeout(this.killTimer);
    this.killTimer = window.setTimeout(() => this.replaceActive(), graceMs);
  }

  dispose(): void {
    this.clearKill();
    this.active.terminate();
    this.spare.terminate();
  }

  private start(): Worker {
    const w = new Worker(this.script, { type: 'module', name: COMPILED_WORKER });
    // Without the page's compiled engines, the worker fetches its own.
    this.engines.then(
      (e) => w.postMessage({ kind: 'engines', ...e } satisfies EnginesMessage),
      () => w.postMessage({ kind: 'engines' } satisfies EnginesMessage),
    );
    w.onmessage = (event: MessageEvent<Reply>) => this.receive(w, event.data);
    w.onerror = (event) => {
      event.preventDefault();
      if (w !== this.active) return;
      const job = this.running;
      this.replaceActive();
      if (job) this.onAnswer(job.generation, { ok: false, message: `the verdict's worker failed: ${event.message || 'unknown error'}` });
    };
    return w;
  }

  private receive(from: Worker, m: Reply): void {
    if (from !== this.active || m.kind === 'ready' || m.kind === 'progress' || m.kind === 'block') return;
    const job = this.running;
    if (!job || m.id !== job.id) return;
    this.running = undefined;
    this.clearKill();
    if (m.kind === 'done') this.onAnswer(job.generation, { ok: true, result: m.result as VerdictResult });
    else this.onAnswer(job.generation, { ok: false, message: m.message });
    this.dispatch();
  }

  private dispatch(): void {
    const job = this.queued;
    if (!job || this.running) return;
    this.queued = undefined;
    this.running = job;
    const envelope: Envelope = { id: job.id, request: { kind: 'drawVerdict', picture: job.picture, givens: job.givens }, ...(job.limitMs !== undefined ? { timeoutMs: job.limitMs } : {}) };
    this.active.postMessage(envelope);
  }

  /** The busy worker is stopped; the spare (loaded meanwhile) takes the newest picture. */
  private replaceActive(): void {
    this.clearKill();
    this.active.terminate();
    this.restarts++;
    this.active = this.spare;
    this.spare = this.start();
    this.running = undefined;
    this.dispatch();
  }

  private clearKill(): void {
    if (this.killTimer !== undefined) window.clearTimeout(this.killTimer);
    this.killTimer = undefined;
    this.killAt = Infinity;
  }
}
