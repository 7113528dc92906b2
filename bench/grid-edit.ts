/**
 * Issue 22's edit budget of an editable defined grid: a price typed into the prices grid
 * reaches the DOM, with its margin, in under 16 ms (p95). The work is the renderer's
 * (jsdom, an in-memory page of 200 rows): renderers/grids/edit-cost.test.tsx does the edits
 * and checks what they show; this runs it alone, `--runs=5` times, and reads the samples it
 * writes (50 edits per run, after 10 unmeasured ones). Whole runs shift on a shared machine
 * (one of three at 21–25 ms for every edit, the others at 5–9 ms), so the budget is judged
 * on the median run's p95; every run's p95 is reported.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const RUNS = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 5);
const BUDGET_MS = 16;

const percentile = (samples: number[], q: number) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)];
const round2 = (value: number) => Math.round(value * 100) / 100;

export async function gridEditBenchmarks() {
  const dir = mkdtempSync(join(tmpdir(), 'grid-edit-'));
  const runs: number[][] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const file = join(dir, `run-${run}.json`);
      const result = spawnSync(join(root, 'node_modules/.bin/vitest'), ['run', '--project', 'unit', 'renderers/grids/edit-cost.test.tsx'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, EDIT_COST_RESULT: file },
      });
      if (result.status !== 0) throw new Error(`the edit test failed:\n${result.stdout}\n${result.stderr}`);
      runs.push(JSON.parse(readFileSync(file, 'utf8')) as number[]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const p95PerRun = runs.map((samples) => round2(percentile(samples, 0.95)));
  const medianRunP95 = percentile(p95PerRun, 0.5);
  return {
    runs: RUNS,
    edits: runs.flat().length,
    p50Ms: round2(percentile(runs.flat(), 0.5)),
    p95PerRunMs: p95PerRun,
    medianRunP95Ms: medianRunP95,
    budgetMs: BUDGET_MS,
    withinBudget: medianRunP95 < BUDGET_MS,
  };
}
