import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('ChatBot/GetToken', () => {
  it('hands out a fresh signed Direct Line token each time to a user with chat bot Read', async () => {
    const api = await server.signedIn('reseller.admin');
    const first = await api.call<{ Token: string }>('ChatBot', 'GetToken');
    const second = await api.call<{ Token: string }>('ChatBot', 'GetToken');
    expect(first.status).toBe(200);
    // Issue 38: signed (chat-tokens.ts), for a new conversation each time.
    expect(first.body.Token).toMatch(/^pdl1\.[\w-]+\.[\w-]{43}$/);
    expect(second.body.Token).not.toBe(first.body.Token);
  });

  it('refuses users without chat bot Read and anonymous callers', async () => {
    expect((await (await server.signedIn('company.admin')).call('ChatBot', 'GetToken')).status).toBe(403);
    expect((await (await server.client()).call('ChatBot', 'GetToken')).status).toBe(401);
  });
});
