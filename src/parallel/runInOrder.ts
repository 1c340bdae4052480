import { runBlocks, type RunOptions } from './BlockRunner.js';
import type { BlockOutcome, BlockTask } from './BlockTask.js';

/**
 * One runner for a stream of items of which some need a block task and some do not (a file
 * that failed to parse, say): every item comes back once, in input order, those with a task
 * together with its outcome. All tasks share one runner (one worker pool), so a collection of
 * many small files keeps every worker busy across file boundaries.
 *
 * Items without a task wait only for the tasks before them; the source is read no further
 * ahead than the runner's window.
 */
export interface RunItem<T> {
  readonly value: T;
  readonly task?: BlockTask;
}

export interface RanItem<T> {
  readonly value: T;
  /** Present exactly when the item had a task. */
  readonly outcome?: BlockOutcome;
}

export async function* runInOrder<T>(items: AsyncIterable<RunItem<T>> | Iterable<RunItem<T>>, options: RunOptions = {}): AsyncGenerator<RanItem<T>> {
  const queue: RunItem<T>[] = [];
  async function* tasks(): AsyncGenerator<BlockTask> {
    for await (const item of items) {
      queue.push(item);
      if (item.task) yield item.task;
    }
  }
  for await (const outcome of runBlocks(tasks(), options)) {
    // Items without a task queued before this outcome's item leave first.
    while (queue.length > 0 && !queue[0]!.task) yield { value: queue.shift()!.value };
    yield { value: queue.shift()!.value, outcome };
  }
  while (queue.length > 0) yield { value: queue.shift()!.value };
}
