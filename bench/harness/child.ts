import { readFileSync } from 'node:fs';

/**
 * The child process of harness/worker.ts: `child.js MODULE [args...]` under a parent (IPC)
 * serves calls `{id, fn, arg}` on MODULE's exports after its `warmUp(...args)`; `child.js MODULE
 * FN` alone reads the argument as JSON on stdin, prints the measured reply as one JSON line and
 * ends by itself. Each call is measured here: CPU (`process.cpuUsage()`, user + system, worker
 * threads included), wall time, and the peak resident memory so far.
 */
type Fn = (arg: unknown) => unknown;

async function measure(fn: Fn | undefined, name: string, arg: unknown) {
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  let reply: { kind: 'done'; value: unknown } | { kind: 'error'; why: string };
  try {
    if (!fn) throw new Error(`the module exports no function ${name}`);
    reply = { kind: 'done', value: await fn(arg) };
  } catch (e) {
    reply = { kind: 'error', why: e instanceof Error ? e.message : String(e) };
  }
  const wall = (performance.now() - w0) / 1000;
  const c = process.cpuUsage(c0);
  return { ...reply, cpu: (c.user + c.system) / 1e6, wall, rssMiB: process.resourceUsage().maxRSS / 1024 };
}

const [modulePath, ...rest] = process.argv.slice(2);
const mod = (await import(new URL(`../${modulePath}`, import.meta.url).href)) as Record<string, Fn | undefined>;
if (process.send) {
  await (mod.warmUp as ((...a: string[]) => unknown) | undefined)?.(...rest);
  process.on('message', async (m: { id: number; fn: string; arg: unknown }) => process.send!({ id: m.id, ...(await measure(mod[m.fn], m.fn, m.arg)) }));
  process.send('ready');
} else {
  const fn = rest[0]!;
  const reply = await measure(mod[fn], fn, JSON.parse(readFileSync(0, 'utf8')) as unknown);
  process.stdout.write(`${JSON.stringify(reply)}\n`);
}
