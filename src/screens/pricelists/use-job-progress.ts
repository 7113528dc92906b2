import { useCallback, useEffect, useRef, useState } from 'react';
import { callService } from '../../api';
import { subscribeServerEvents } from '../../realtime/server-events';
import type { UpdateJob } from './pricelist-types';

/** Polled as well, in case the live connection is down: the save must be seen to end. */
const POLL_MS = 3000;

export interface JobProgress {
  state: 'idle' | 'running' | 'done' | 'failed';
  processed: number;
  total: number;
}

/**
 * Follows asynchronous pricelist jobs (price saves, propagations) to their end:
 * progress from the live connection's DP_UpdateProgress / DP_UpdateComplete /
 * DP_UpdateFailed events, with a slow poll of GetMarketplaceUpdateJob behind it.
 */
export function useJobProgress(onFinished: (state: 'done' | 'failed', progress: JobProgress) => void): { progress: JobProgress; track: (jobs: UpdateJob[]) => void } {
  const [jobs, setJobs] = useState<Map<number, UpdateJob>>(new Map());
  const finishedRef = useRef(onFinished);
  finishedRef.current = onFinished;
  const reported = useRef(false);

  const update = useCallback((jobId: number, change: Partial<UpdateJob>) => {
    setJobs((current) => {
      const job = current.get(jobId);
      if (!job) return current;
      const next = new Map(current);
      next.set(jobId, { ...job, ...change });
      return next;
    });
  }, []);

  useEffect(
    () =>
      subscribeServerEvents((event) => {
        const status = event.Event === 'DP_UpdateComplete' ? 'Completed' : event.Event === 'DP_UpdateFailed' ? 'Failed' : 'In progress';
        update(event.JobId, { Status: status, ProcessedItems: event.Processed });
      }),
    [update],
  );

  const open = [...jobs.values()].filter((job) => job.Status === 'Pending' || job.Status === 'In progress');
  const openIds = open.map((job) => job.JobId).join(',');
  useEffect(() => {
    if (!openIds) return undefined;
    const timer = setInterval(() => {
      for (const id of openIds.split(',').map(Number)) {
        void callService('Marketplace', 'GetMarketplaceUpdateJob', { jobId: id }, { suppressErrors: true }).then(
          (job) => update(id, job as UpdateJob),
          () => undefined,
        );
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [openIds, update]);

  const all = [...jobs.values()];
  const state: JobProgress['state'] =
    all.length === 0 ? 'idle' : all.some((job) => job.Status === 'Failed') ? 'failed' : open.length > 0 ? 'running' : 'done';
  const processed = all.reduce((sum, job) => sum + job.ProcessedItems, 0);
  const total = all.reduce((sum, job) => sum + job.TotalItems, 0);
  useEffect(() => {
    if ((state === 'done' || state === 'failed') && !reported.current) {
      reported.current = true;
      finishedRef.current(state, { state, processed, total });
    }
  }, [state, processed, total]);

  const track = useCallback((started: UpdateJob[]) => {
    reported.current = false;
    setJobs(new Map(started.map((job) => [job.JobId, job])));
  }, []);

  return {
    progress: { state, processed, total },
    track,
  };
}
