import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Certificate, CertifyOutcome } from '../certificate/make/certifyBlock.js';
import { gzipChunks } from '../certificate/make/gzipChunks.js';
import { InputError } from '../errors.js';
import { checkOutputs, describeFsError, tempPathBeside } from './io.js';

/**
 * Certificate files (`--certify DIR`): `BASE.cnf` and `BASE.lrat` (or `BASE.lrat.gz` with
 * --gzip) in DIR, both whole or neither: each is written to a temporary file in DIR, flushed,
 * and renamed once both are complete; any failure removes what was written. DIR is made when
 * missing and checked before any work (it must be a writable folder), so an unwritable DIR
 * costs no solving.
 */
export interface WrittenFile {
  readonly path: string;
  readonly bytes: number;
  /** Milliseconds spent writing it (compressing included). */
  readonly ms: number;
}

export interface WrittenCertificate {
  readonly verdict: 'unique' | 'none';
  readonly cnf: WrittenFile;
  readonly proof: WrittenFile;
  /** The proof's size as text (before compression). */
  readonly proofBytes: number;
  /** Milliseconds the library spent making the certificate (formula and proof). */
  readonly certifyMs: number;
}

/**
 * Makes DIR when it is missing, with its parents (as `mkdir -p`), and refuses, before any work,
 * a DIR that is not a writable folder (E_OUTPUT: exit 4).
 */
export function checkCertificateDir(dir: string): void {
  let isDir = false;
  try {
    if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
    isDir = statSync(dir).isDirectory();
  } catch (e) {
    throw new InputError('E_OUTPUT', `${dir}: cannot write certificates (${describeFsError(e)})`);
  }
  if (!isDir) throw new InputError('E_OUTPUT', `${dir}: cannot write certificates (not a folder)`);
  const probe = join(dir, `.nonocrypt-probe.${process.pid}.tmp`);
  try {
    closeSync(openSync(probe, 'wx'));
    unlinkSync(probe);
  } catch (e) {
    throw new InputError('E_OUTPUT', `${dir}: cannot write certificates (${describeFsError(e)})`);
  }
}

/** Writes one certificate as `DIR/BASE.cnf` and `DIR/BASE.lrat[.gz]`, both or neither. */
export async function writeCertificate(dir: string, base: string, cert: Certificate, gzip: boolean, inputs: readonly string[]): Promise<WrittenCertificate> {
  const cnfPath = join(dir, `${base}.cnf`);
  const proofPath = join(dir, `${base}.lrat${gzip ? '.gz' : ''}`);
  checkOutputs([cnfPath, proofPath], inputs);
  const temps: string[] = [];
  const write = async (path: string, chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array>): Promise<WrittenFile> => {
    const started = performance.now();
    const tmp = tempPathBeside(path);
    const fd = openSync(tmp, 'wx', 0o666);
    temps.push(tmp);
    let bytes = 0;
    try {
      for await (const c of chunks) {
        for (let at = 0; at < c.length; ) at += writeSync(fd, c, at);
        bytes += c.length;
      }
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    return { path, bytes, ms: performance.now() - started };
  };
  try {
    const cnf = await write(cnfPath, [cert.cnf]);
    const proof = await write(proofPath, gzip ? gzipChunks(cert.proof) : cert.proof);
    renameSync(temps[1]!, proofPath);
    renameSync(temps[0]!, cnfPath);
    temps.length = 0;
    return { verdict: cert.verdict, cnf, proof, proofBytes: cert.proofBytes, certifyMs: cert.ms };
  } catch (e) {
    for (const t of temps) {
      try {
        unlinkSync(t);
      } catch {
        /* already gone */
      }
    }
    throw new InputError('E_OUTPUT', `${dir}: cannot write the certificate ${base} (${describeFsError(e)})`);
  }
}

/** The outcome of certifying a block, for the report: the files written, or why there are none. */
export type CertificateReport = { readonly written: WrittenCertificate } | { readonly reason: string };

/** Writes a certified outcome; an outcome without a certificate gives its reason. */
export async function certificateReport(outcome: CertifyOutcome | undefined, dir: string, base: string, gzip: boolean, inputs: readonly string[]): Promise<CertificateReport | undefined> {
  if (!outcome) return undefined;
  if (outcome.kind === 'unknown') return { reason: outcome.reason };
  return { written: await writeCertificate(dir, base, outcome.certificate, gzip, inputs) };
}

/** The report as words: `certificate DIR/x.cnf, DIR/x.lrat (12,345 bytes; 0.02 s)`, or why there is none. */
export function certificateText(r: CertificateReport): string {
  if ('reason' in r) return r.reason;
  const w = r.written;
  return `certificate ${w.cnf.path}, ${w.proof.path} (${w.proof.bytes.toLocaleString('en-US')} bytes; ${(w.certifyMs / 1000).toFixed(w.certifyMs < 10 ? 3 : 2)} s)`;
}

/** The report in a JSON document: each file with its path, bytes and time; or the reason. */
export function certificateJson(r: CertificateReport) {
  if ('reason' in r) return { reason: r.reason };
  const w = r.written;
  const file = (f: WrittenFile) => ({ path: f.path, bytes: f.bytes, ms: Math.round(f.ms) });
  return { verdict: w.verdict, cnf: file(w.cnf), proof: { ...file(w.proof), textBytes: w.proofBytes }, certifyMs: Math.round(w.certifyMs) };
}
