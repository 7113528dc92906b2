/**
 * What the load bench reads besides calls and CPU seconds (issue 25):
 *   - each instance's /metrics (behind METRICS_TOKEN): calls it served and its caller cache's
 *     hits, misses (callers loaded from the database), entries forgotten and patched, so
 *     round-robin and affinity can be compared by what each instance had to load; and the
 *     seconds its garbage collector took (prom-client's nodejs_gc_duration_seconds), which a
 *     CPU profile inflates;
 *   - how long processes waited for a CPU (/proc/<pid>/task/<tid>/schedstat, run-queue
 *     time): whether PostgreSQL and the load generator were starved;
 *   - how long each instance was held back by its CPU quota (the cgroup's cpu.stat).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { PortalProcess } from '../tests/support/portal-process';

/** Given to the bench's instances (and only to them) so the bench may read their /metrics. */
export const BENCH_METRICS_TOKEN = 'portal-bench-metrics';

export interface InstanceCounters {
  calls: number;
  hit: number;
  miss: number;
  forgotten: number;
  patched: number;
  gcSeconds: number;
}

const ZERO: InstanceCounters = { calls: 0, hit: 0, miss: 0, forgotten: 0, patched: 0, gcSeconds: 0 };

function parse(text: string): InstanceCounters {
  const counters = { ...ZERO };
  for (const line of text.split('\n')) {
    const cache = /^portal_caller_cache_events_total\{event="(\w+)"\} (\d+)/.exec(line);
    if (cache && cache[1] in counters) counters[cache[1] as keyof InstanceCounters] = Number(cache[2]);
    const calls = /^portal_service_call_duration_seconds_count\{[^}]*\} (\d+)/.exec(line);
    if (calls) counters.calls += Number(calls[1]);
    const gc = /^nodejs_gc_duration_seconds_sum\{[^}]*\} ([\d.e+-]+)/.exec(line);
    if (gc) counters.gcSeconds += Number(gc[1]);
  }
  return counters;
}

/** Every instance's counters now (zeros where /metrics does not answer). */
export async function instanceCounters(instances: PortalProcess[]): Promise<InstanceCounters[]> {
  return Promise.all(
    instances.map(async (instance) => {
      try {
        const response = await fetch(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
        return response.ok ? parse(await response.text()) : { ...ZERO };
      } catch {
        return { ...ZERO };
      }
    }),
  );
}

/** What each instance counted between two readings. */
export function countersDuring(before: InstanceCounters[], after: InstanceCounters[]): InstanceCounters[] {
  return after.map((counters, index) => {
    const start = before[index] ?? ZERO;
    const during = { ...ZERO };
    for (const key of Object.keys(ZERO) as (keyof InstanceCounters)[]) during[key] = counters[key] - start[key];
    return during;
  });
}

/** Seconds the threads of these processes have waited on a run queue so far (by pid). */
export function runQueueWait(pids: number[]): Map<number, number> {
  const waits = new Map<number, number>();
  for (const pid of pids) {
    let nanoseconds = 0;
    try {
      for (const task of readdirSync(`/proc/${pid}/task`)) {
        nanoseconds += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[1] ?? 0);
      }
    } catch {
      // The process ended meanwhile.
    }
    waits.set(pid, nanoseconds / 1e9);
  }
  return waits;
}

/** Seconds this process's CPU group has been throttled by its quota so far (0 outside a quota group). */
export function throttledSeconds(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/cgroup`, 'utf8')
      .split('\n')
      .find((entry) => /^\d+:(cpu|cpu,cpuacct|cpuacct,cpu|):/.test(entry) && !entry.includes('name='));
    const path = line?.slice(line.indexOf(':', line.indexOf(':') + 1) + 1);
    if (!path || path === '/') return 0;
    const v1 = line!.split(':')[1] !== '';
    const stat = readFileSync(v1 ? `/sys/fs/cgroup/cpu${path}/cpu.stat` : `/sys/fs/cgroup${path}/cpu.stat`, 'utf8');
    const v1Time = /throttled_time (\d+)/.exec(stat);
    if (v1Time) return Number(v1Time[1]) / 1e9;
    const v2Time = /throttled_usec (\d+)/.exec(stat);
    return v2Time ? Number(v2Time[1]) / 1e6 : 0;
  } catch {
    return 0;
  }
}

/** TCP connections this machine has accepted so far (/proc/net/snmp PassiveOpens): how many the proxy opened to the instances, among others. */
export function acceptedConnections(): number {
  try {
    const lines = readFileSync('/proc/net/snmp', 'utf8').split('\n').filter((line) => line.startsWith('Tcp:'));
    const names = lines[0].split(/\s+/);
    return Number(lines[1].split(/\s+/)[names.indexOf('PassiveOpens')]);
  } catch {
    return NaN;
  }
}
