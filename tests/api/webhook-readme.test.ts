/**
 * Issue 36 item 5: the README's local webhook receiver and its user-creation example, run as written. The
 * portal starts with PORTAL_WEBHOOKS_ALLOW_LOOPBACK=1 (read when its jobs start), the receiver listens on
 * plain http on 127.0.0.1, the example creates a user through a token choosing the role by name, and the
 * receiver prints the verified user.created event — so the README's steps cannot rot.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract';
import type { ApiClient } from '../support/api-client';
import { readmeExample } from '../support/readme-example';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let admin: ApiClient;
let receiver: ChildProcess | undefined;
const before = process.env.PORTAL_WEBHOOKS_ALLOW_LOOPBACK;
// Inside the repository, so the examples find the standardwebhooks package as a reader's folder would after npm install.
const tmp = resolve(import.meta.dirname, '../../.tmp');
mkdirSync(tmp, { recursive: true });
const dir = mkdtempSync(join(tmp, 'readme-webhooks-'));

beforeAll(async () => {
  process.env.PORTAL_WEBHOOKS_ALLOW_LOOPBACK = '1';
  server = await startTestServer();
  admin = await server.signedIn('company.admin');
  await server.importsSettled(); // the demo's imports add Contoso users (user.created) at start
});
afterAll(async () => {
  receiver?.kill();
  if (before === undefined) delete process.env.PORTAL_WEBHOOKS_ALLOW_LOOPBACK;
  else process.env.PORTAL_WEBHOOKS_ALLOW_LOOPBACK = before;
  rmSync(dir, { recursive: true, force: true });
  await server.close();
});

const freePort = () =>
  new Promise<number>((resolvePort) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });

/** The receiver's output so far, and a wait for a line it prints (what the developer watches). */
function watch(child: ChildProcess) {
  let output = '';
  const waiters: { test: RegExp; done: (line: string) => void }[] = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const waiter of [...waiters]) {
      const line = output.split('\n').find((candidate) => waiter.test.test(candidate));
      if (line) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.done(line);
      }
    }
  });
  return {
    output: () => output,
    line: (test: RegExp) => new Promise<string>((done) => waiters.push({ test, done })),
  };
}

describe("the README's local webhook receiver", () => {
  it('takes a verified user.created over plain http on loopback, for a user the example created by role name', async () => {
    const me = (await admin.call<SessionUser>('Authorization', 'GetCurrentUser')).body;
    const companyId = me.CompanyAccount!.AccountId;
    const port = await freePort();
    const hookUrl = `http://127.0.0.1:${port}/hooks`;
    const created = await admin.call<{ Secret: string }>('Webhooks', 'CreateWebhookEndpoint', { accountId: companyId, url: hookUrl, eventTypes: ['user.created'] });
    expect(created.status, created.text).toBe(200);

    writeFileSync(join(dir, 'receive.mjs'), readmeExample('webhook-receiver'));
    receiver = spawn(process.execPath, [join(dir, 'receive.mjs')], { env: { PATH: process.env.PATH, WEBHOOK_SECRET: created.body.Secret, PORT: String(port) } });
    const printed = watch(receiver);
    // Up once it answers; an unsigned post is refused and says so.
    const refusedLine = printed.line(/^refused: the signature does not match$/);
    for (;;) {
      const answer = await fetch(hookUrl, { method: 'POST', body: '{}' }).catch(() => undefined);
      if (answer) {
        expect(answer.status).toBe(400);
        break;
      }
    }
    await refusedLine;

    const token = await admin.call<{ Token: string }>('Authorization', 'CreateApiToken', {
      name: 'readme users',
      expiresInDays: 1,
      capabilities: [{ ObjectType: 'USER_ACCOUNT', Read: true, Create: true }],
    });
    expect(token.status, token.text).toBe(200);
    writeFileSync(join(dir, 'create-user.mjs'), readmeExample('create-user'));
    const { stdout } = await promisify(execFile)(process.execPath, [join(dir, 'create-user.mjs'), String(companyId), 'Basic user', 'ada.readme', 'ada.readme@contoso.example'], {
      env: { PATH: process.env.PATH, PORTAL_URL: server.url, PORTAL_TOKEN: token.body.Token },
      timeout: 60_000,
    });
    const [userId, userName] = stdout.trim().split(' ');
    expect(userName).toBe('ada.readme');

    const line = await printed.line(new RegExp(` user\\.created \\{"accountId":${userId}[,}]`));
    expect(line).toMatch(/^msg_\S+ user\.created \{/);
    expect(JSON.parse(line.slice(line.indexOf('{')))).toMatchObject({ accountId: Number(userId), displayName: 'ada.readme API' });
  }, 120_000);

  it('names the roles there are when the role asked for does not exist, creating nobody', async () => {
    const companyId = (await admin.call<SessionUser>('Authorization', 'GetCurrentUser')).body.CompanyAccount!.AccountId;
    const token = await admin.call<{ Token: string }>('Authorization', 'CreateApiToken', {
      name: 'readme users 2',
      expiresInDays: 1,
      capabilities: [{ ObjectType: 'USER_ACCOUNT', Read: true, Create: true }],
    });
    writeFileSync(join(dir, 'create-user.mjs'), readmeExample('create-user'));
    const run = promisify(execFile)(process.execPath, [join(dir, 'create-user.mjs'), String(companyId), 'Astronaut', 'no.body', 'no.body@contoso.example'], {
      env: { PATH: process.env.PATH, PORTAL_URL: server.url, PORTAL_TOKEN: token.body.Token },
      timeout: 60_000,
    });
    await expect(run).rejects.toThrow(/No role "Astronaut" here; there are: .*Basic user/);
    const found = await admin.call<unknown[]>('Account', 'SearchAccount', { text: 'no.body' });
    expect(found.body).toEqual([]);
  }, 60_000);
});
