/**
 * A definition's followJobs (schema/screen-frame.ts): the jobs a save or a run answered, followed to
 * their end by the live events the app hands in and a slow poll behind them (the end must be seen
 * even when the live connection is down), with a progress bar while they run.
 */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { jobAfterEvent, jobRunning, jobsOf, jobsProgress, setPath, type FollowJobsDefinition, type JobEvent, type JobsProgress, type TextRef } from '../../engine/grids';
import type { MarketplaceEventData } from '../../contract/realtime';
import type { GridServiceCaller } from './grid-service';

type Row = Record<string, unknown>;
const POLL_MS = 3000;

/** Live job events: the app's subscription to the server's job events (contract/realtime.ts); returns the unsubscribe function. */
export type SubscribeJobEvents = (listener: (event: MarketplaceEventData) => void) => () => void;

const jobEventOf = (event: MarketplaceEventData): JobEvent => ({
  jobId: event.JobId,
  processed: event.Processed,
  ended: event.Event === 'DP_UpdateComplete' ? 'done' : event.Event === 'DP_UpdateFailed' ? 'failed' : undefined,
});

export interface FollowJobsInput {
  follow: FollowJobsDefinition | undefined;
  /** Test id of the bar: {idPrefix}-job-progress. */
  idPrefix: string;
  callService: GridServiceCaller;
  subscribe?: SubscribeJobEvents;
  text: (ref: TextRef, values?: Record<string, string | number>) => string;
}

/** follow(answers) resolves with how the jobs ended (idle: the answers held no job); bar is drawn while they run. */
export function useFollowJobs({ follow, idPrefix, callService, subscribe, text }: FollowJobsInput) {
  const [jobs, setJobs] = useState<Map<string, Row>>(new Map());
  const waiting = useRef<(progress: JobsProgress) => void>(undefined);

  const update = useCallback((id: string, change: (job: Row) => Row) => {
    setJobs((current) => {
      const job = current.get(id);
      if (!job) return current;
      return new Map(current).set(id, change(job));
    });
  }, []);

  useEffect(() => (follow && subscribe ? subscribe((event) => update(String(event.JobId), (job) => jobAfterEvent(follow, job, jobEventOf(event)))) : undefined), [follow, subscribe, update]);

  const openIds = follow ? [...jobs.entries()].filter(([, job]) => jobRunning(follow, job)).map(([id]) => id).join(',') : '';
  useEffect(() => {
    if (!follow || !openIds) return undefined;
    const timer = setInterval(() => {
      for (const id of openIds.split(',')) {
        const job = jobs.get(id);
        const body = {};
        setPath(body, follow.idParam, job?.[follow.idField] ?? id);
        void callService(follow.service, follow.method, body).then(
          (answer) => update(id, (known) => ({ ...known, ...(answer as Row) })),
          () => undefined,
        );
      }
    }, POLL_MS);
    return () => clearInterval(timer);
    // jobs is read for the id's type only; the poll restarts when the open jobs change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [follow, openIds, callService, update]);

  const progress = follow ? jobsProgress(follow, [...jobs.values()]) : { state: 'idle' as const, processed: 0, total: 0 };
  const { state, processed, total } = progress;
  useEffect(() => {
    if (state !== 'done' && state !== 'failed') return;
    const resolve = waiting.current;
    waiting.current = undefined;
    resolve?.({ state, processed, total });
  }, [state, processed, total]);

  const followJobs = useCallback(
    (answers: readonly unknown[]) =>
      new Promise<JobsProgress>((resolve) => {
        const started = follow ? jobsOf(follow, answers) : [];
        if (!follow || started.length === 0) return resolve({ state: 'idle', processed: 0, total: 0 });
        const next = new Map(started.map((job) => [String(job[follow.idField]), job]));
        const now = jobsProgress(follow, [...next.values()]);
        if (now.state !== 'running') {
          setJobs(next);
          return resolve(now);
        }
        waiting.current = resolve;
        setJobs(next);
      }),
    [follow],
  );

  const percent = progress.total > 0 ? Math.round((progress.processed / progress.total) * 100) : 0;
  const bar =
    follow && progress.state === 'running' ? (
      <Box sx={{ my: 1 }} data-testid={`${idPrefix}-job-progress`} role="status">
        <Typography variant="body2">{text(follow.progress, { processed: progress.processed, total: progress.total })}</Typography>
        <LinearProgress variant={progress.total > 0 ? 'determinate' : 'indeterminate'} value={percent} sx={{ height: 4 }} />
      </Box>
    ) : null;
  return { followJobs: follow ? followJobs : undefined, bar };
}
