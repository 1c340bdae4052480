import { NonocryptError, type ErrorCode } from '../errors.js';

/**
 * The inputs of a collection run, as the library sees them: a name (what the report calls the
 * input: its path, usually) and a way to read it. The library never opens files; the caller
 * (the CLI) hands over readers, which are called one at a time, in order, when the input's
 * turn comes, so a collection of any size holds only a window of inputs in memory.
 */
export interface TextSource {
  readonly name: string;
  /** The whole text. Throws a NonocryptError of kind `input` when it cannot be read. */
  text(): Promise<string>;
}

export interface LineSource {
  readonly name: string;
  /** The text line by line (streamed). Throws a NonocryptError of kind `input` when it cannot be read. */
  lines(): AsyncIterable<string>;
}

/** An input that could not be read or parsed: its own entry in the report, counted as bad input. */
export interface InputFailure {
  readonly name: string;
  readonly error: { readonly code: ErrorCode; readonly message: string };
}

/** The failure entry of an error about one input; anything but bad input is rethrown. */
export function inputFailure(name: string, e: unknown): InputFailure {
  if (e instanceof NonocryptError && (e.kind === 'input' || e.kind === 'usage')) return { name, error: { code: e.code, message: e.message } };
  throw e;
}
