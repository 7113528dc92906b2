/**
 * Issue 15 figure: preview update after an edit of the 1000-field layout, from
 * the keystroke in the studio's property panel to the frame that shows the
 * edited label in the preview (p50, p95), in Chromium against the real portal
 * (production build, real server, root.admin). The preview is computed in the
 * browser from the draft (engine/studio/draft-layout.ts); the server's
 * check runs beside it and is not waited for. Measured for a field near the top
 * of the preview (drawn in the form's first commit) and one deep in it.
 */
import { chromium, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { buildClientIfNeeded } from '../scripts/client-build.mjs';
import { DEFAULT_DEMO_PASSWORD } from '../server/config';
import { startChildServer } from './child-server';

const NAME = 'products/virtual-private-server';
const KEYSTROKES = Number(process.env.BENCH_STUDIO_KEYSTROKES ?? 30);

type Layout = { Pages: { Containers: { Name: string; Fields: Record<string, unknown>[] }[] }[]; Texts?: Record<string, Record<string, string>> };

async function call<T>(page: Page, method: string, body: unknown): Promise<T> {
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post(`/DataModel/service.svc/rest/${method}`, { data: body, headers: { 'X-XSRF-TOKEN': xsrf } });
  if (!response.ok()) throw new Error(`${method}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The shipped VPS layout grown to 1000 fields (as the API test of issue 15), saved as a draft. */
async function saveLargeDraft(page: Page): Promise<void> {
  const current = await call<{ Source: string; LatestVersion: number }>(page, 'Studio/GetDefinition', { kind: 'layout', name: NAME });
  const layout = JSON.parse(current.Source) as Layout;
  const count = layout.Pages.flatMap((entry) => entry.Containers.flatMap((container) => container.Fields)).length;
  const fields = Array.from({ length: 1000 - count }, (_, index) => ({
    Name: `Extra${String(index).padStart(4, '0')}`,
    Label: `studio.extra.${index}`,
    ...(index % 3 === 0 ? { Type: 'Integer', Minimum: 0, Maximum: 1000 } : { MaxLength: 80 }),
  }));
  layout.Pages[0].Containers.push({ Name: 'Extras', Fields: fields });
  layout.Texts = { ...layout.Texts, en: { ...layout.Texts?.en, ...Object.fromEntries(fields.map((field, index) => [field.Label, `Extra ${index}`])) } };
  await call(page, 'Studio/SaveDefinitionDraft', { kind: 'layout', name: NAME, baseVersion: current.LatestVersion, source: JSON.stringify(layout, null, 2) });
}

/**
 * Keystroke → the frame after the preview shows the label as typed (a string: tsx helpers are unknown in the page).
 * The clock starts at keydown; the label to wait for is read at the input event, once the key has changed the value
 * (at keydown the input still holds the old value, which the preview already shows).
 */
const PROBE = `(() => {
  window.studioLatencies = [];
  let start = 0;
  document.addEventListener('keydown', () => (start = performance.now()), true);
  document.addEventListener('input', (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.dataset.benchField) return;
    const field = input.dataset.benchField;
    const typed = input.value;
    const began = start;
    (function check() {
      const label = document.querySelector('[data-testid="studio-preview"] [data-testid="field-' + field + '"]');
      if (label && label.textContent.includes(typed) && typed.length > 0) {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => window.studioLatencies.push(performance.now() - began);
        requestAnimationFrame(() => channel.port2.postMessage(null));
      } else if (performance.now() - began < 5000) requestAnimationFrame(check);
    })();
  }, true);
})()`;

async function measure(page: Page, field: string): Promise<number[]> {
  await page.getByTestId(`studio-field-${field}`).click();
  const input = page.getByTestId('studio-property-form').getByTestId('field-Label').locator('input');
  await input.waitFor();
  await input.evaluate((element, name) => ((element as HTMLInputElement).dataset.benchField = name), field);
  await page.getByTestId('studio-preview').getByTestId(`field-${field}`).waitFor({ state: 'attached', timeout: 30_000 });
  await page.evaluate('window.studioLatencies = []');
  await input.click();
  await input.press('End');
  // One edit at a time: each keystroke is a complete edit the preview must show.
  await input.pressSequentially('x'.repeat(KEYSTROKES), { delay: 200 });
  await page.waitForTimeout(500);
  return (await page.evaluate('window.studioLatencies')) as number[];
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
const round = (value: number) => Math.round(value * 10) / 10;

export async function studioBenchmarks() {
  buildClientIfNeeded();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-studio-'));
  const server = await startChildServer('servers/portal.ts', { PORTAL_DATA_DIR: dataDir });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, '--disable-frame-rate-limit', '--disable-gpu-vsync'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/v/');
    await call(page, 'Authorization/Authenticate', { userName: 'root.admin', password: process.env.PORTAL_DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD });
    await saveLargeDraft(page);
    await page.goto(`/v/#/studio?kind=layout&name=${encodeURIComponent(NAME)}`);
    await page.getByTestId('studio-preview').getByTestId('field-Extra0000').waitFor({ timeout: 60_000 });
    await page.evaluate(PROBE);
    const result: Record<string, unknown> = { fields: 1000, keystrokesPerField: KEYSTROKES };
    for (const [where, field] of [['top', 'Extra0000'], ['deep', 'Extra0500']] as const) {
      const latencies = await measure(page, field);
      result[where] = { field, editToPaintP50Ms: round(percentile(latencies, 50)), editToPaintP95Ms: round(percentile(latencies, 95)), samples: latencies.length };
    }
    return result;
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
