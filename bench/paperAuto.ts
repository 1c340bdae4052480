import type { ReceiverModel } from '../src/annotate/ReceiverModel.js';
import { chooseBoard } from '../src/cipher/autoSize.js';
import { decrypt } from '../src/cipher/decrypt.js';
import { encrypt } from '../src/cipher/encrypt.js';
import { builtinTable, type BuiltinTableName } from '../src/cipher/Table.js';
import { verify } from '../src/cipher/verify.js';
import { formatCiphertext } from '../src/formats/ciphertext.js';
import { progress } from './harness/doc.js';
import { median, table } from './harness/stats.js';
import type { Cache } from './paper.js';
import type { Excerpt } from './paperCorpus.js';

/**
 * `--size auto` on some of the paper messages: `chooseBoard` with `table: 'auto'`, compared
 * with the paper's best fixed setting (classic table, n = 8) and with the best (table, n) of the
 * sweep for the same message. Lengths are whole ciphertext files in characters.
 */
export interface AutoRecord {
  readonly msg: number;
  readonly receiver: ReceiverModel;
  readonly budgetS: number;
  readonly size: number;
  readonly table: string;
  readonly length: number;
  readonly proven: boolean;
  readonly optimal: boolean;
  readonly evaluated: number;
  readonly candidates: number;
  readonly ms: number;
  /** Decrypts back to the message (and line-solvable for logic). */
  readonly valid: boolean;
  /** Whole file at classic, n = 8 (minimizer without budget). */
  readonly classic8: number;
  readonly reason: string;
}

export async function runAuto(messages: readonly Excerpt[], receivers: readonly ReceiverModel[], budgetMs: number): Promise<AutoRecord[]> {
  const out: AutoRecord[] = [];
  for (const receiver of receivers) {
    for (const m of messages) {
      const c = chooseBoard(m.text, { receiver, table: 'auto', budgetMs });
      let valid = false;
      try {
        const d = await decrypt(c.ciphertext, { table: c.table });
        valid = d.ok && d.text === m.text;
        if (valid && receiver === 'logic') valid = (await verify(c.ciphertext)).blocks.every((b) => b.status === 'unique' && b.lineSolvable);
      } catch {
        valid = false;
      }
      const base = await encrypt(m.text, { size: 8, table: builtinTable('classic'), receiver });
      const rec: AutoRecord = { msg: m.id, receiver, budgetS: budgetMs / 1000, size: c.size, table: c.table.name, length: c.ciphertextLength, proven: c.proven, optimal: c.optimal, evaluated: c.tried.length,
        candidates: c.candidates, ms: Math.round(c.ms), valid, classic8: formatCiphertext(base.ciphertext).length, reason: c.reason };
      progress(`  auto ${receiver} message ${m.id}: n = ${rec.size} ${rec.table}, ${rec.length} chars (classic n=8: ${rec.classic8}) in ${(rec.ms / 1000).toFixed(1)} s${valid ? '' : ' NOT VALID'}`);
      out.push(rec);
      await new Promise((r) => setImmediate(r));
    }
  }
  return out;
}

export function autoReport(cache: Cache): string {
  if (cache.auto.length === 0) return '_No `--size auto` results cached yet (run with `--auto`)._';
  const out: string[] = [];
  const bestOf = (msg: number, receiver: string) => {
    const rs = cache.records.filter((r) => r.msg === msg && r.receiver === receiver);
    return rs.reduce<(typeof rs)[number] | undefined>((a, r) => (!a || r.fileChars < a.fileChars ? r : a), undefined);
  };
  for (const receiver of ['unique', 'logic'] as const) {
    const rs = cache.auto.filter((r) => r.receiver === receiver).sort((a, b) => a.msg - b.msg || a.budgetS - b.budgetS);
    if (rs.length === 0) continue;
    out.push(`#### ${receiver} receiver, \`table: 'auto'\``, '');
    const yes = (b: boolean) => (b ? 'yes' : 'no');
    out.push(table(rs, [
      ['message', (r) => r.msg], ['budget s', (r) => r.budgetS], ['chosen n', (r) => r.size], ['table', (r) => r.table], ['length', (r) => r.length], ['classic n=8', (r) => r.classic8],
      ['shorter by', (r) => `${r.classic8 - r.length} (${((100 * (r.classic8 - r.length)) / r.classic8).toFixed(1)} %)`],
      ['best of sweep (n, table)', (r) => { const b = bestOf(r.msg, receiver); return b ? `${b.fileChars} (${b.n}, ${b.table})` : '-'; }],
      ['proven', (r) => yes(r.proven)], ['optimal', (r) => yes(r.optimal)], ['evaluated', (r) => `${r.evaluated}/${r.candidates}`], ['time s', (r) => (r.ms / 1000).toFixed(1)], ['ok', (r) => (r.valid ? 'yes' : '**no**')],
    ]));
    const gains = rs.map((r) => (100 * (r.classic8 - r.length)) / r.classic8);
    out.push(
      '',
      `Mean length ${(rs.reduce((a, r) => a + r.length, 0) / rs.length).toFixed(1)} vs ${(rs.reduce((a, r) => a + r.classic8, 0) / rs.length).toFixed(1)} ` +
        `at classic n = 8: ${(gains.reduce((a, b) => a + b, 0) / gains.length).toFixed(1)} % shorter on average ` +
        `(${Math.min(...gains).toFixed(1)} to ${Math.max(...gains).toFixed(1)} %); median search time ${(median(rs.map((r) => r.ms)) / 1000).toFixed(1)} s.`,
      '',
    );
  }
  out.push('<details><summary>reasons given by chooseBoard</summary>', '');
  for (const r of [...cache.auto].sort((a, b) => a.receiver.localeCompare(b.receiver) || a.msg - b.msg)) out.push(`- ${r.receiver}, message ${r.msg}: ${r.reason}`);
  out.push('', '</details>');
  return out.join('\n');
}
