/**
 * Issue 20 (Trust II), items 3 and 7: the dispatcher shares no validator state between
 * requests, and a flood of refused or hostile calls costs the server, its log and its
 * audit table little: session and XSRF before the body, body and depth limits, refusals
 * sampled in the log and folded in the audit log, rate limits answering 429.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import type { ApiClient } from '../support/api-client';

const SEARCH = '/DataModel/service.svc/rest/Account/SearchAccount';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('3. validation errors never cross requests', () => {
  it("an anonymous caller's non-object body never gets another caller's validation error, sent concurrently", async () => {
    const admin = await server.signedIn('company.admin');
    const anonymous = await server.client();
    const answers: string[] = [];
    for (let round = 0; round < 20; round++) {
      const calls = await Promise.all([
        admin.raw(SEARCH, { body: JSON.stringify({ text: 'x', victimField_Contoso: round }) }),
        anonymous.raw(SEARCH, { body: '[]' }),
        admin.raw(SEARCH, { body: JSON.stringify({ text: 'x', victimField_Contoso: round }) }),
        anonymous.raw(SEARCH, { body: '"text"' }),
      ]);
      expect(calls[0].message).toContain('victimField_Contoso');
      answers.push(calls[1].text, calls[3].text);
    }
    expect(answers.filter((text) => text.includes('victimField'))).toEqual([]);
  });

  it('a non-object body from a signed-in caller names the body, not a field of an earlier call', async () => {
    const admin = await server.signedIn('company.admin');
    await admin.raw(SEARCH, { body: JSON.stringify({ text: 'x', victimField_Contoso: 1 }) });
    const result = await admin.raw(SEARCH, { body: '[]' });
    expect(result.status).toBe(400);
    expect(result.message).not.toContain('victimField');
    expect(result.message).toContain('body');
  });
});

export type { ApiClient };
