import { availableParallelism } from 'node:os';
import { InvalidArgumentError } from 'commander';
import { BUILTIN_TABLES, builtinTable, parseTable, type BuiltinTableName, type Table } from '../cipher/Table.js';
import { readText } from './io.js';

/**
 * Flag values to typed options. Each parser rejects bad values with a message commander turns
 * into a one-line usage error (exit code 2).
 */
export function wholeNumber(min: number, max: number) {
  return (value: string): number => {
    if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    const n = Number(value);
    if (n < min || n > max) throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    return n;
  };
}

export function seconds(value: string): number {
  const n = Number(value);
  if (!/^\s*\d*\.?\d+\s*$/.test(value) || !(n > 0) || n > 1e6) {
    throw new InvalidArgumentError('expected a positive number of seconds');
  }
  return n;
}

export const defaultJobs = (): number => Math.max(1, availableParallelism());

/** `classic`, `frequency`, or the path of a table file of the same shape. */
export async function loadTable(spec: string): Promise<Table> {
  if ((BUILTIN_TABLES as readonly string[]).includes(spec)) return builtinTable(spec as BuiltinTableName);
  return parseTable(await readText(spec), spec);
}

/** Common options of the block-running commands. */
export interface RunFlags {
  jobs?: number;
  timeout?: number;
  quiet?: boolean;
  json?: boolean;
}

export function poolOptions(flags: RunFlags): { jobs: number; timeoutMs?: number } {
  return { jobs: flags.jobs ?? defaultJobs(), timeoutMs: flags.timeout === undefined ? undefined : flags.timeout * 1000 };
}
