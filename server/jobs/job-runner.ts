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

/** The longest pause after failed steps: a job retries at least once a minute. */
export const MAX_FAILURE_PAUSE_MS = 60_000;

/** The pause after `failures` failed steps in a row: the idle pause, doubled per failure, at most a minute. */
export function failurePause(idleMs: number, failures: number): number {
  return Math.min(MAX_FAILURE_PAUSE_MS, Math.max(idleMs, 250) * 2 ** Math.min(failures - 1, 16));
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
    let failures = 0;
    while (!stopping) {
      let more = false;
      try {
        more = await traceJobStep(job.name, () => job.run(() => stopping));
        failures = 0;
      } catch (error) {
        // A failed step (database unreachable, a bug) is logged and tried again after a pause that
        // doubles with each failure in a row, so an outage writes a few lines a minute, not ten a second.
        failures += 1;
        log.error({ err: error, job: job.name, failures }, 'background job step failed');
      }
      if (stopping) break;
      await pause(failures ? failurePause(job.idleMs, failures) : more ? job.busyMs : job.idleMs);
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
