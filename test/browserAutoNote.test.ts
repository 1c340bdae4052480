// The encrypt tab's note on size auto (issue 66, item 21), in chromium: the note leads with the
// result in a line (side, table, length, what it is the shortest of), and how the boards were
// compared, every candidate counted once, is in a fold under it, closed until it is opened.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { autoSizeCounts, ROOT } from './helpers/cli.js';
import { hasChromium, openWebPage, type WebPage } from './helpers/webPage.js';

describe.skipIf(!hasChromium)('encrypt, size auto, on the page', () => {
  let web: WebPage;
  beforeAll(async () => {
    web = await openWebPage();
    await web.page.goto(web.url);
    await web.page.waitForSelector('body[data-ready="true"]');
  });
  afterAll(async () => expect(await web?.close()).toBe(0));

  test('the note leads with the result; the accounting is in a closed fold', async () => {
    const { page } = web;
    await page.click('#tabs button[data-tab="encrypt"]');
    await page.fill('#enc-text', readFileSync(join(ROOT, 'examples', 'message.txt'), 'utf8').replace(/\n$/, ''));
    await page.check('#enc-auto');
    await page.selectOption('#enc-table', 'auto');
    await page.click('#enc-go');
    await page.waitForSelector('#busy', { state: 'hidden', timeout: 120_000 });
    const fold = page.locator('#enc-note details');
    expect(await fold.count()).toBe(1);
    expect(await fold.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    // What shows: the result and the run, the fold's title; not the accounting.
    const shown = await page.innerText('#enc-note');
    expect(shown).toMatch(/^Size auto: n = \d+ \((classic|frequency)\): \d+ characters, provably the shortest of the 70 boards compared\. With the (classic|frequency) table, unique receiver: 1 block, \d+ cells given, \d+ characters; every annotation proven smallest\. Done in [\d.]+ s\.\n*How the boards were compared$/);
    const accounting = (await fold.textContent())!;
    const { total, counts } = autoSizeCounts(accounting);
    expect(total).toBe(70);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
    expect(web.problems).toEqual([]);
  });
});
