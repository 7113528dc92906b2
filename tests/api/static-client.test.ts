import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

// A tiny built client of our own, so the test does not depend on `vite build` having run.
const clientDir = mkdtempSync(join(tmpdir(), 'portal-static-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
mkdirSync(join(clientDir, 'assets'));
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>portal</title>');
writeFileSync(join(clientDir, 'assets', 'main-abc123.js'), script);
writeFileSync(join(clientDir, 'assets', 'main-abc123.js.br'), brotliCompressSync(script));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clientDir });
});
afterAll(() => server.close());

describe('the built client at /v/', () => {
  it('serves index.html to be revalidated and hashed assets as immutable, precompressed when accepted', async () => {
    const page = await fetch(`${server.url}/v/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<title>portal</title>');

    const asset = await fetch(`${server.url}/v/assets/main-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(await asset.text()).toBe(script);
  });
});
