/**
 * Issue "The shell" figures, in Chromium against the real server and the built client:
 * - JavaScript the browser loads before the login page is interactive, in gzip bytes
 *   (budget 200 kB), and proof that AG Grid, RJSF and the date pickers are not among it;
 * - the time to switch language: from choosing it in the header menu until the shell
 *   shows the new texts (the locale file is fetched on demand each first time).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { get } from 'node:http';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { DEFAULT_DEMO_PASSWORD } from '../server/config';
import { startChildServer } from './child-server';

const LOGIN_JS_BUDGET_GZIP = 200 * 1024;
const root = resolve(import.meta.dirname, '..');
const assetsDir = join(root, 'dist/client/assets');

/** Markers that only AG Grid's, RJSF's and MUI X's pickers' code contain. */
const HEAVY_LIBRARIES: Record<string, RegExp> = {
  'AG Grid': /ag-grid|agGrid|AG Grid/,
  // RJSF's <Form> carries the class name "rjsf"; its packages are @rjsf/*.
  RJSF: /@rjsf|["'\s]rjsf["'\s]/,
  // MUI X's date pickers (their class names): loaded when a date field is reached (renderers/inputs/DatePickerOnDemand.tsx).
  'MUI X date pickers': /MuiPickersLayout|MuiDateCalendar/,
};

function heavyLibrariesIn(code: string): string[] {
  return Object.entries(HEAVY_LIBRARIES)
    .filter(([, marker]) => marker.test(code))
    .map(([name]) => name);
}

/** The chunks of the Vite build that hold AG Grid, RJSF or the date pickers: they must not be on the login path. */
function heavyChunksOfBuild(): Record<string, string[]> {
  const chunks: Record<string, string[]> = {};
  for (const file of readdirSync(assetsDir).filter((name) => name.endsWith('.js'))) {
    const found = heavyLibrariesIn(readFileSync(join(assetsDir, file), 'utf8'));
    if (found.length) chunks[file] = found;
  }
  return chunks;
}

/** The bytes the server sends for `url` to a client that accepts only `encoding`. */
function servedBytes(url: string, encoding: 'gzip' | 'br'): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolveBytes, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolveBytes({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

async function loginPageJavaScript(page: Page, url: string) {
  const scripts: Promise<{ url: string; bytes: number; heavy: string[] }>[] = [];
  let interactive = false;
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (interactive || !type.includes('javascript')) return;
    scripts.push(response.body().then((body) => ({ url: response.url(), bytes: body.length, heavy: heavyLibrariesIn(body.toString('utf8')) })));
  });
  const started = Date.now();
  await page.goto(`${url}/v/#/login`);
  // Interactive: the user can type into the form.
  await page.getByTestId('login-username').waitFor({ state: 'visible' });
  await page.getByTestId('login-username').fill('x');
  interactive = true;
  const interactiveMs = Date.now() - started;
  const loaded = await Promise.all(
    (await Promise.all(scripts)).map(async (script) => {
      const [gzip, br] = await Promise.all([servedBytes(script.url, 'gzip'), servedBytes(script.url, 'br')]);
      return { ...script, gzip, br };
    }),
  );
  const gzipTotal = loaded.reduce((sum, script) => sum + script.gzip.bytes, 0);
  return {
    files: loaded.length,
    rawBytes: loaded.reduce((sum, script) => sum + script.bytes, 0),
    // What the server sends to a browser that accepts gzip (the build's .gz files; tiny files go uncompressed).
    gzipBytes: gzipTotal,
    // What it sends to one that accepts brotli, as Chromium does.
    brotliBytes: loaded.reduce((sum, script) => sum + script.br.bytes, 0),
    budgetGzipBytes: LOGIN_JS_BUDGET_GZIP,
    withinBudget: gzipTotal <= LOGIN_JS_BUDGET_GZIP,
    heavyLibrariesLoaded: [...new Set(loaded.flatMap((script) => script.heavy))],
    interactiveMs,
    scripts: loaded
      .map((script) => ({ file: new URL(script.url).pathname, gzip: script.gzip.bytes, encoding: script.gzip.encoding }))
      .sort((a, b) => b.gzip - a.gzip),
  };
}

/** From the click on a language until the search box shows the new placeholder. */
async function languageSwitchMs(page: Page, code: string, placeholder: string): Promise<number> {
  await page.getByTestId('language-menu-button').click();
  const option = page.getByTestId(`language-option-${code}`);
  await option.waitFor();
  // A string, not a function: tsx would add its __name helper, unknown in the page.
  return page.evaluate(`new Promise((done, fail) => {
    const input = document.querySelector('[data-testid="global-search"]');
    const item = document.querySelector('[data-testid="language-option-${code}"]');
    if (!input || !item) return fail(new Error('shell not shown'));
    const started = performance.now();
    item.click();
    (function check() {
      if (input.placeholder === ${JSON.stringify(placeholder)}) done(performance.now() - started);
      else requestAnimationFrame(check);
    })();
  })`) as Promise<number>;
}

export async function shellBenchmarks() {
  // Always measure the current sources, never an older build.
  const build = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('vite build failed');
  const heavyChunks = heavyChunksOfBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-shell-'));
  const server = await startChildServer('servers/portal.ts', { PORTAL_DATA_DIR: dataDir });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const login = await loginPageJavaScript(page, server.url);

    await page.getByTestId('login-username').fill('company.admin');
    await page.getByTestId('login-password').fill(process.env.PORTAL_DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('global-search').waitFor({ timeout: 60_000 });
    const switches: Record<string, number> = {};
    for (const [code, placeholder] of [
      ['de', 'Suchen…'],
      ['pl', 'Szukaj…'],
      ['fr', 'Rechercher…'],
      ['fi', 'Hae…'],
      ['en', 'Search…'],
    ] as const) {
      switches[code] = Math.round(await languageSwitchMs(page, code, placeholder));
    }
    const times = Object.values(switches).sort((a, b) => a - b);
    return {
      loginPageJavaScript: login,
      buildChunksWithHeavyLibraries: heavyChunks,
      languageSwitch: { perLanguageMs: switches, medianMs: times[Math.floor(times.length / 2)], maxMs: times.at(-1) },
    };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
