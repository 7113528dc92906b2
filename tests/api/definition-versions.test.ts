/**
 * Screen definitions under a version (issue 37): /DataModel/definition-versions.json names each served definition's
 * version; a definition asked for under its current version is answered as never changing (the browser keeps it),
 * under none or an older one it is revalidated as before; publishing a definition gives it a new version, and the
 * old address no longer promises anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('root.admin');
});
afterAll(async () => server?.close());

const versions = async () => {
  const response = await admin.get('/DataModel/definition-versions.json');
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-cache');
  return (await response.json()) as Record<string, string>;
};
const cacheOf = async (path: string) => {
  const response = await admin.get(path);
  expect(response.status).toBe(200);
  return { cache: response.headers.get('cache-control'), body: (await response.json()) as { title?: unknown } };
};

describe('definition versions', () => {
  it('names every screen definition, each answered as never changing under its version only', async () => {
    const known = await versions();
    expect(Object.keys(known)).toEqual(expect.arrayContaining(['account', 'dashboard', 'prices', 'quote-editor', 'custom-charges']));
    expect(known['screen-definition.schema']).toBeUndefined();
    expect(await cacheOf(`/DataModel/definitions/account.json?v=${known.account}`)).toMatchObject({ cache: 'public, max-age=31536000, immutable' });
    expect((await cacheOf('/DataModel/definitions/account.json')).cache).toBe('no-cache');
    expect((await cacheOf('/DataModel/definitions/account.json?v=not-the-version')).cache).toBe('no-cache');
    expect((await cacheOf(`/DataModel/definitions/account.json?v=${known.dashboard}`)).cache).toBe('no-cache');
  });

  it('a publish is a new version; the old one is revalidated and answers the new text', async () => {
    const before = await versions();
    const file = await admin.call<{ Source: string }>('Studio', 'GetDefinition', { kind: 'screen', name: 'custom-charges' });
    expect(file.status, file.text).toBe(200);
    const changed = { ...(JSON.parse(file.body.Source) as object), title: 'charges.title' };
    const saved = await admin.call<{ Version: number; Problems: unknown[] }>('Studio', 'SaveDefinitionDraft', { kind: 'screen', name: 'custom-charges', baseVersion: 0, source: JSON.stringify(changed) });
    expect(saved.body.Problems).toEqual([]);
    expect((await admin.call('Studio', 'PublishDefinition', { kind: 'screen', name: 'custom-charges', version: saved.body.Version })).status).toBe(200);
    try {
      const after = await versions();
      expect(after['custom-charges']).not.toBe(before['custom-charges']);
      expect(after.account).toBe(before.account);
      const old = await cacheOf(`/DataModel/definitions/custom-charges.json?v=${before['custom-charges']}`);
      expect(old).toMatchObject({ cache: 'no-cache', body: { title: 'charges.title' } });
      expect((await cacheOf(`/DataModel/definitions/custom-charges.json?v=${after['custom-charges']}`)).cache).toBe('public, max-age=31536000, immutable');
    } finally {
      expect((await admin.call('Studio', 'RollbackDefinition', { kind: 'screen', name: 'custom-charges', version: 0 })).status).toBe(200);
    }
    expect((await versions())['custom-charges']).toBe(before['custom-charges']);
  });
});
