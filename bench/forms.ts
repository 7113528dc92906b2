/**
 * Issue "Engine I" figures, measured in Chromium in the same run: a 1000-field
 * layout (10 pages × 100 fields) in our <LayoutForm> against plain RJSF with
 * its MUI theme rendering the same 1000 fields. Time from navigation to an
 * interactive form (wall clock, and the main thread's CPU time, which a busy
 * shared machine does not inflate), and keystroke-to-paint latency (p50, p95)
 * typing into a text field. Both pages are production builds (Vite) served
 * from .tmp, opened from a blank page of the same site; runs alternate between
 * the two. Our form draws a long page in two commits (the fields in view, then
 * the rest in a transition): `wholeFirstPageMs` says when all of page 1 was drawn.
 */
import { chromium, type Browser } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { createReadStream, existsSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { loadavg } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { build } from 'vite';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { IN_APP_PARAMETER, READY_MESSAGE } from './forms-page/ready-message';

const root = resolve(import.meta.dirname, '..');
const pageDir = resolve(import.meta.dirname, 'forms-page');
const outDir = resolve(root, '.tmp/bench-forms');
const RUNS = Number(process.env.BENCH_FORMS_RUNS ?? 7);
const KEYSTROKES = Number(process.env.BENCH_FORMS_KEYSTROKES ?? 40);

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

/**
 * Each page built on its own, as an app of its own would be: no chunk shared
 * between the two pages, so each loads its entry file and nothing of the other.
 */
async function buildPages(): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  for (const page of ['layout-form.html', 'rjsf-form.html']) {
    await build({
      configFile: false,
      root: pageDir,
      base: './',
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir, emptyOutDir: false, target: 'es2022', chunkSizeWarningLimit: 5000, rollupOptions: { input: join(pageDir, page) } },
    });
  }
}

function serve(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    if (request.url === '/blank.html') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>before the form</title>');
      return;
    }
    const path = join(outDir, decodeURIComponent((request.url ?? '/').split('?')[0]));
    if (!path.startsWith(outDir) || !existsSync(path) || !statSync(path).isFile()) {
      response.writeHead(404).end();
      return;
    }
    // As the portal's server: hashed assets cached for good, pages revalidated.
    const cacheControl = path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'cache-control': cacheControl });
    createReadStream(path).pipe(response);
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const round = (value: number) => Math.round(value * 10) / 10;

interface PageFigures {
  interactiveMs: number;
  wholeFirstPageMs: number;
  interactiveCpuMs: number;
  interactiveRunsMs: number[];
  keystrokeP50Ms: number;
  keystrokeP95Ms: number;
  keystrokeCpuMs: number;
  keystrokes: number;
  fieldsInDom: number;
}

interface Run {
  interactive: number;
  /** When every field of the first page was drawn. */
  whole: number;
  /** Main-thread CPU time until then (Chromium's ThreadTime): what the page cost, whatever else the machine ran. */
  interactiveCpu: number;
  /** Main-thread CPU time per keystroke while typing (all the page did, idle waits excluded). */
  keystrokeCpu: number;
  latencies: number[];
  fieldsInDom: number;
}

/**
 * How the form is opened. `first`: a first visit, nothing cached (a new browser
 * profile). `returning`: a returning user's visit, the page's files in the
 * browser's cache and their compiled code in V8's code cache (the page was
 * opened twice before in this profile; the portal serves its assets as
 * immutable). Both count from the navigation. `inApp`: a route change in an app
 * whose code is already loaded, counted from the press of the page's Open button.
 */
type Visit = 'first' | 'returning' | 'inApp';

/** One run: time to interactive, then KEYSTROKES keystrokes into a text field of page 1. */
async function run(browser: Browser, url: string, inputSelector: string, visit: Visit): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    if (visit === 'returning') {
      // Chromium keeps a script's compiled code from its second load on: two earlier visits,
      // in another tab (the measured one then starts a renderer process of its own).
      const earlier = await context.newPage();
      for (let visitBefore = 0; visitBefore < 2; visitBefore++) {
        const shown = earlier.waitForEvent('console', { predicate: (message) => message.text() === READY_MESSAGE, timeout: 180_000 });
        await earlier.goto(url, { waitUntil: 'commit' });
        await shown;
      }
      await earlier.close();
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const readyMessage = () => page.waitForEvent('console', { predicate: (message) => message.text() === READY_MESSAGE, timeout: 180_000 });
    // From a page of the same site, as a user opens the form from the portal: the browser's
    // start of a new site process is then not counted in either figure.
    await page.goto(new URL('/blank.html', url).href);
    const threadTime = async () => ((await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'ThreadTime')?.value ?? 0) * 1000;
    let startCpu = await threadTime();
    const ready = readyMessage();
    if (visit === 'inApp') {
      await page.goto(`${url}?${IN_APP_PARAMETER}`);
      await page.locator('#bench-open').waitFor();
      await page.waitForTimeout(200);
      startCpu = await threadTime();
      // The button has the focus: Enter presses it without Playwright running code in the page.
      await page.keyboard.press('Enter');
    } else {
      await page.goto(url, { waitUntil: 'commit' });
    }
    await ready;
    const interactiveCpu = (await threadTime()) - startCpu;
    const interactive = await page.evaluate(() => window.benchReady ?? 0);
    // A form that draws a long page in steps is whole a little later; one that does not, at once.
    await page.waitForFunction(() => window.benchWhole !== undefined || !document.getElementById('lf-tabpanel'), null, { timeout: 60_000 });
    const whole = await page.evaluate(() => window.benchWhole ?? window.benchReady ?? 0);
    const fieldsInDom = await page.locator('input, textarea, select').count();
    const input = page.locator(inputSelector);
    await input.click();
    await input.press('End');
    await page.evaluate(() => {
      window.benchLatencies = [];
    });
    const before = await threadTime();
    await input.pressSequentially('x'.repeat(KEYSTROKES), { delay: 40 });
    await page.waitForTimeout(300);
    const keystrokeCpu = (await threadTime()) - before;
    return { interactive, whole, interactiveCpu, keystrokeCpu: keystrokeCpu / KEYSTROKES, latencies: await page.evaluate(() => window.benchLatencies), fieldsInDom };
  } finally {
    await context.close();
  }
}

function figures(runs: Run[]): PageFigures {
  const latencies = runs.flatMap((one) => one.latencies);
  return {
    interactiveMs: round(percentile(runs.map((one) => one.interactive), 50)),
    wholeFirstPageMs: round(percentile(runs.map((one) => one.whole), 50)),
    interactiveCpuMs: round(percentile(runs.map((one) => one.interactiveCpu), 50)),
    interactiveRunsMs: runs.map((one) => round(one.interactive)),
    keystrokeP50Ms: round(percentile(latencies, 50)),
    keystrokeP95Ms: round(percentile(latencies, 95)),
    keystrokeCpuMs: round(percentile(runs.map((one) => one.keystrokeCpu), 50)),
    keystrokes: latencies.length,
    fieldsInDom: runs[0]?.fieldsInDom ?? 0,
  };
}

export async function formsBenchmarks() {
  await buildPages();
  const { server, url } = await serve();
  // Frames as soon as there is something to draw (no 60 Hz vsync wait): the latency is then the
  // page's own work from keydown to painted text, not where the keystroke fell in a display frame.
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, '--disable-frame-rate-limit', '--disable-gpu-vsync'] });
  try {
    // Alternating runs: a shared machine's changing load then weighs on both alike.
    const visits: Visit[] = ['first', 'returning', 'inApp'];
    const runs = Object.fromEntries(visits.map((visit) => [visit, { ours: [] as Run[], theirs: [] as Run[] }])) as Record<Visit, { ours: Run[]; theirs: Run[] }>;
    for (let index = 0; index < RUNS; index++) {
      for (const visit of visits) {
        runs[visit].ours.push(await run(browser, `${url}/layout-form.html`, '#field-input-F1_1', visit));
        runs[visit].theirs.push(await run(browser, `${url}/rjsf-form.html`, '#root_F1_1', visit));
      }
    }
    const layoutForm = figures(runs.first.ours);
    const rjsf = figures(runs.first.theirs);
    const compared = (visit: Visit) => {
      const ours = figures(runs[visit].ours);
      const theirs = figures(runs[visit].theirs);
      return {
        layoutForm: ours,
        rjsfMui: theirs,
        speedup: { interactive: round(theirs.interactiveMs / ours.interactiveMs), interactiveCpu: round(theirs.interactiveCpuMs / ours.interactiveCpuMs) },
      };
    };
    const returning = compared('returning');
    const inApp = compared('inApp');
    return {
      // The machine is shared: the load average says how much of it these figures had.
      loadAverage: loadavg().map((value) => round(value)),
      layout: '10 pages × 100 fields (text, integer, e-mail, checkbox, date, enum, multiline)',
      runs: RUNS,
      keystrokes: KEYSTROKES,
      layoutForm,
      rjsfMui: rjsf,
      // A returning user's visit: files and compiled code cached by the browser.
      returning,
      // Opening the form inside a loaded app (a route change): the engine's work and the render only.
      inApp,
      speedup: {
        interactive: round(rjsf.interactiveMs / layoutForm.interactiveMs),
        interactiveCpu: round(rjsf.interactiveCpuMs / layoutForm.interactiveCpuMs),
        keystrokeP50: round(rjsf.keystrokeP50Ms / layoutForm.keystrokeP50Ms),
        keystrokeP95: round(rjsf.keystrokeP95Ms / layoutForm.keystrokeP95Ms),
        keystrokeCpu: round(rjsf.keystrokeCpuMs / layoutForm.keystrokeCpuMs),
      },
      goals: {
        interactiveUnder300ms: layoutForm.interactiveMs < 300,
        returningInteractiveUnder300ms: returning.layoutForm.interactiveMs < 300,
        inAppInteractiveUnder300ms: inApp.layoutForm.interactiveMs < 300,
        interactiveCpuUnder300ms: layoutForm.interactiveCpuMs < 300,
        keystrokeP95Under16ms: layoutForm.keystrokeP95Ms < 16,
        fiveTimesRjsf: rjsf.interactiveMs / layoutForm.interactiveMs >= 5 && rjsf.keystrokeP95Ms / layoutForm.keystrokeP95Ms >= 5,
      },
    };
  } finally {
    await browser.close();
    server.close();
  }
}
