import { type JobQueue } from './job-queue';

/**
 * Runs `task` now and then every `intervalMs`, on one instance at a time, through the job
 * queue: each job queues the next as it ends, and the queue's `stately` policy keeps one chain
 * of them however many instances start one. A run that fails all its retries ends the chain
 * until an instance starts again. Call it while the app boots (`onApplicationBootstrap`).
 */
export async function runEvery(
  jobs: JobQueue,
  queue: string,
  intervalMs: number,
  task: () => Promise<unknown>,
): Promise<void> {
  // The queue's name keys its one chain across every instance.
  const next = (startAfter?: Date) =>
    jobs.send(queue, {}, { singletonKey: queue, ...(startAfter && { startAfter }) });
  await jobs.work(
    queue,
    async () => {
      await task();
      await next(new Date(Date.now() + intervalMs));
    },
    { policy: 'stately', retryLimit: 3, retryDelaySeconds: 60 },
  );
  await next();
}
