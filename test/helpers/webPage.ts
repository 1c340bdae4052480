// The built web page (dist/web) served by `nonocrypt web` on 127.0.0.1 and opened in Debian's
// chromium (/usr/bin/chromium, installed by .ci/run) through playwright-core, for the browser
// tests; with every console error, failed request or request off the page's origin collected.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CLI_NODE_FLAGS } from '../../src/cli/nodeFlags.js';
import { CLI, assertBuilt, childEnv } from './cli.js';

export const CHROMIUM = '/usr/bin/chromium';
/** The flags that work here (closed network: no background connections, no updates, no sync). */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const hasChromium = existsSync(CHROMIUM);

export interface WebPage {
  readonly url: string;
  readonly page: Page;
  readonly context: BrowserContext;
  /** What went wrong in the page so far (console errors and warnings, failed or foreign requests). */
  readonly problems: string[];
  /** Closes the browser and stops the server (Ctrl-C), returning the server's exit code. */
  close(): Promise<number | null>;
}

/** `nonocrypt web` on a free port of 127.0.0.1, and the address it printed once it listens. */
export async function startWebServer(): Promise<{ server: ChildProcess; url: string }> {
  assertBuilt();
  const server: ChildProcess = spawn(process.execPath, [...CLI_NODE_FLAGS, CLI, 'web', '--port', '0', '--quiet'], { env: childEnv(), stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.match(/^(http:\/\/127\.0\.0\.1:\d+\/)\n/);
      if (line) resolve(line[1]!);
    });
    server.once('exit', (code) => reject(new Error(`nonocrypt web exited with ${code} before printing its address`)));
  });
  return { server, url };
}

export async function openWebPage(options: { readonly viewport?: { width: number; height: number }; readonly downloads?: boolean; readonly touch?: boolean } = {}): Promise<WebPage> {
  const { server, url } = await startWebServer();
  const profile = mkdtempSync(join(tmpdir(), 'nonocrypt-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    ...(options.viewport ? { viewport: options.viewport } : {}),
    acceptDownloads: options.downloads ?? true,
    // A phone's screen: touch events, which the page gets as pointer events of type 'touch'.
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  page.on('request', (r) => {
    if (!r.url().startsWith(url) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) problems.push(`request off the page's origin: ${r.url()}`);
  });
  return {
    url,
    page,
    context,
    problems,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      if (server.exitCode !== null) return server.exitCode;
      const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
      server.kill('SIGINT');
      return exited;
    },
  };
}
