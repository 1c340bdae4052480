import type { CliIO } from './CliIO.js';
import { writeOutput } from './io.js';

/**
 * Where a collection's report goes, line by line. On standard output each line is written as
 * soon as its input is done (a long run shows its progress, and a job runner that stops it
 * keeps what was done); with `-o FILE` the report is written whole at the end, or not at all.
 */
export class ReportSink {
  private readonly chunks: string[] = [];
  private readonly streaming: boolean;
  constructor(
    private readonly io: CliIO,
    private readonly output: string | undefined,
    private readonly inputs: readonly string[],
  ) {
    this.streaming = output === undefined || output === '-';
  }

  line(text: string): void {
    if (this.streaming) this.io.stdout.write(text + '\n');
    else this.chunks.push(text + '\n');
  }

  end(): void {
    if (!this.streaming) writeOutput(this.io, this.output!, this.chunks.join(''), this.inputs);
  }
}
