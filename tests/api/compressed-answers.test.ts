/**
 * Answers of 1 kB and more leave compressed as the caller accepts (server/app.ts, issue 37: on a slow phone a
 * page of prices was 79 kB of JSON): brotli or gzip, the same JSON once decoded; plain for a caller that
 * accepts neither, and for a small answer. Read through node:http, which (unlike fetch) asks for no encoding of
 * its own and hands over the bytes as they came.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('reseller.admin');
});
afterAll(() => server.close());

interface RawAnswer {
  status: number;
  encoding: string | undefined;
  bytes: Buffer;
}

function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const call = request(`${server.url}${path}`, { method: init.method ?? 'GET', headers: init.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done({ status: response.statusCode ?? 0, encoding: response.headers['content-encoding'], bytes: Buffer.concat(chunks) }));
    });
    call.on('error', fail);
    call.end(init.body);
  });
}

/** A service call as the signed-in browser makes it, with the encodings it accepts. */
const serviceCall = (service: string, method: string, body: unknown, acceptEncoding?: string) =>
  send(`/DataModel/service.svc/rest/${service}/${method}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: admin.cookieHeader(),
      'x-xsrf-token': admin.cookies.get('XSRF-TOKEN')!,
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
    body: JSON.stringify(body),
  });

describe('compressed answers', () => {
  it('a service call: brotli or gzip as accepted, the same JSON decoded, plain for a caller accepting neither', async () => {
    const plain = await serviceCall('Account', 'ListAccountTypes', {});
    expect(plain.status).toBe(200);
    expect(plain.encoding).toBeUndefined();
    const types = JSON.parse(plain.bytes.toString('utf8')) as unknown;
    expect(plain.bytes.length).toBeGreaterThan(1024);

    const br = await serviceCall('Account', 'ListAccountTypes', {}, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString('utf8'))).toEqual(types);
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 3);

    const gzip = await serviceCall('Account', 'ListAccountTypes', {}, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.bytes).toString('utf8'))).toEqual(types);
  });

  it('a definition is compressed; a small answer and a refusal under 1 kB are not', async () => {
    const definition = await send('/DataModel/definitions/quote-editor.json', { headers: { 'accept-encoding': 'br' } });
    expect(definition.status).toBe(200);
    expect(definition.encoding).toBe('br');
    expect(JSON.parse(brotliDecompressSync(definition.bytes).toString('utf8'))).toMatchObject({ id: 'quote-editor' });

    const small = await serviceCall('Studio', 'ListDefinitionMenu', {}, 'br');
    expect(small.status).toBe(200);
    expect(small.bytes.length).toBeLessThan(1024);
    expect(small.encoding).toBeUndefined();
    JSON.parse(small.bytes.toString('utf8'));

    const refused = await send('/DataModel/service.svc/rest/Account/NoSuchMethod', { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': 'br' }, body: '{}' });
    expect(refused.status).toBe(404);
    expect(refused.encoding).toBeUndefined();
    expect(refused.bytes.toString('utf8')).toContain('<Fault');
  });
});
