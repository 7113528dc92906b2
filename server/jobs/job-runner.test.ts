import { describe, expect, it } from 'vitest';
import { failurePause, MAX_FAILURE_PAUSE_MS, startJobRunner } from './job-runner';

describe('a failing background job', () => {
  it('waits twice as long after each failure in a row, at most a minute', () => {
    expect([1, 2, 3, 4].map((failures) => failurePause(1_000, failures))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(failurePause(1_000, 7)).toBe(MAX_FAILURE_PAUSE_MS);
    expect(failurePause(1_000, 500)).toBe(60_000);
    // A job polled every 50 ms still backs off from a quarter second.
    expect(failurePause(50, 1)).toBe(250);
  });

  it('logs each failure with its count, and does not run again before the pause', async () => {
    const logged: number[] = [];
    let runs = 0;
    const runner = startJobRunner(
      [{ name: 'broken', idleMs: 200, busyMs: 0, run: async () => { runs += 1; throw new Error('database unreachable'); } }],
      { error: (fields: object) => logged.push((fields as { failures: number }).failures) },
    );
    await expect.poll(() => runs).toBe(2); // the first retry comes after 250 ms
    await runner.stop();
    expect(logged).toEqual([1, 2]);
  });
});
