/**
 * A CPU profile of one part of a journey (CDP Profiler), for finding where a long task goes: written whole
 * for DevTools and summed by function (self time) for the console. Names are readable with an unminified
 * client build (`npx vite build --minify false --outDir <dir>`, then `--client=<dir>`).
 */
import { writeFileSync } from 'node:fs';
import type { CDPSession } from '@playwright/test';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function (name, file and line), the largest first, in ms. */
export function selfTimes(profile: CpuProfile, top = 25): { where: string; ms: number }[] {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const frame = nodes.get(id)?.callFrame;
    if (!frame) return;
    const file = frame.url.split('/').pop() || '(native)';
    const where = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    totals.set(where, (totals.get(where) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return [...totals].map(([where, ms]) => ({ where, ms: Math.round(ms) })).sort((a, b) => b.ms - a.ms).slice(0, top);
}

/** Runs `part` under the profiler; writes the profile to `file` and prints where the time went. */
export async function profiled<T>(cdp: CDPSession, file: string, part: () => Promise<T>): Promise<T> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  try {
    return await part();
  } finally {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    writeFileSync(file, JSON.stringify(profile));
    console.log(`    CPU profile: ${file}; self time by function:`);
    for (const { where, ms } of selfTimes(profile)) console.log(`      ${String(ms).padStart(6)} ms  ${where}`);
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  tid: number;
  pid: number;
  args?: { beginData?: { stackTrace?: { functionName: string; url: string; lineNumber: number }[] } };
}

/** Main-thread time by kind of work (script, style, layout, paint, GC) in a Chromium trace, in ms. */
export function timelineTotals(trace: { traceEvents: TraceEvent[] }): Record<string, number> {
  const kinds: Record<string, string> = {
    FunctionCall: 'script',
    EvaluateScript: 'script',
    'v8.compile': 'compile',
    // V8's own compile events (the trace's disabled-by-default-v8.compile category): lazy compiling on first calls.
    'V8.CompileCode': 'compile',
    UpdateLayoutTree: 'style',
    Layout: 'layout',
    PrePaint: 'paint',
    Paint: 'paint',
    MinorGC: 'gc',
    MajorGC: 'gc',
    ParseHTML: 'html',
  };
  const totals: Record<string, number> = {};
  for (const event of trace.traceEvents) {
    const kind = kinds[event.name];
    if (kind && event.ph === 'X' && event.dur) totals[kind] = (totals[kind] ?? 0) + event.dur / 1000;
  }
  return Object.fromEntries(Object.entries(totals).map(([kind, ms]) => [kind, Math.round(ms)]));
}

/**
 * Style and layout forced by script (a layout read while the page was changing), by the script that read it, the
 * largest first, in ms: the trace's disabled-by-default-devtools.timeline.stack category gives their stacks.
 */
export function forcedLayouts(trace: { traceEvents: TraceEvent[] }, top = 5): { where: string; ms: number }[] {
  const totals = new Map<string, number>();
  for (const event of trace.traceEvents) {
    const stack = event.args?.beginData?.stackTrace;
    if ((event.name !== 'Layout' && event.name !== 'UpdateLayoutTree') || !event.dur || !stack?.length) continue;
    const where = stack.slice(0, 2).map((frame) => `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`).join(' < ');
    totals.set(where, (totals.get(where) ?? 0) + event.dur / 1000);
  }
  return [...totals].map(([where, ms]) => ({ where, ms: Math.round(ms) })).sort((a, b) => b.ms - a.ms).slice(0, top);
}
