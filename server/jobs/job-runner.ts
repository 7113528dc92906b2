import type { FastifyBaseLogger } from 'fastify';
import { traceJobStep } from '../ops/tracing';

/** A background job: `run` does one step and says whether more work is waiting right now. */
export interface Job {
  name: string;
  /** Pause between steps when the last step found nothing to do. */
  idleMs: number;
  /** Pause between steps while work remains, so requests get their turn on a busy database. */
  busyMs: number;
  run(shouldStop: () => boolean): Promise<boolean>;
}

export interface JobRunner {
  /** Stops every job after its current step; resolves when all have stopped. */
  stop(): Promise<void>;
}

/**
 * Runs each job in its own loop in this process. Work is claimed in the
 * database (rows locked with FOR UPDATE SKIP LOCKED), so several server
 * instances on one PostgreSQL share it without doing anything twice.
 */
export function startJobRunner(jobs: readonly Job[], log: Pick<FastifyBaseLogger, 'error'>): JobRunner {
  let stopping = false;
  const wakers = new Set<() => void>();
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakers.delete(done);
        resolve();
      }
      wakers.add(done);
    });

  const loops = jobs.map(async (job) => {
    while (!stopping) {
      let more = false;
      try {
        more = await traceJobStep(job.name, () => job.run(() => stopping));
      } catch (error) {
        // A failed step (database unreachable, a bug) is logged and tried again after the idle pause.
        log.error({ err: error, job: job.name }, 'background job step failed');
      }
      if (stopping) break;
      await pause(more ? job.busyMs : job.idleMs);
    }
  });

  return {
    async stop() {
      stopping = true;
      for (const wake of [...wakers]) wake();
      await Promise.all(loops);
    },
  };
}
