/**
 * Issue 36 item 5: an http:// webhook address is refused saying it must be https and why, in the caller's
 * language; PORTAL_WEBHOOKS_ALLOW_LOOPBACK=1 lets a developer's plain-http receiver on this machine take
 * events, and is ignored in production. The handlers read the environment on every call, so each case sets it.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract';
import { attemptDelivery } from '../../server/webhooks/deliver';
import { addressPolicyFromEnv } from '../../server/webhooks/endpoint-address';
import { ApiClient } from '../support/api-client';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let german: ApiClient;
let accountId: number;
let receiver: Server;
let receiverUrl: string;
const bodies: string[] = [];
const saved = { loopback: process.env.PORTAL_WEBHOOKS_ALLOW_LOOPBACK, nodeEnv: process.env.NODE_ENV };

beforeAll(async () => {
  server = await startTestServer();
  german = new ApiClient(server.url, 'de');
  await german.signIn('company.admin', DEMO_PASSWORD);
  accountId = (await german.call<SessionUser>('Authorization', 'GetCurrentUser')).body.CompanyAccount!.AccountId;
  // A developer's receiver: plain http on loopback, no certificate.
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      bodies.push(body);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterEach(() => {
  for (const [name, value] of [['PORTAL_WEBHOOKS_ALLOW_LOOPBACK', saved.loopback], ['NODE_ENV', saved.nodeEnv]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await server.close();
});

const serverTexts = (locale: string) => JSON.parse(readFileSync(new URL(`../../locales/server/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;
const endpoints = async () => (await german.call<{ Url: string }[]>('Webhooks', 'ListWebhookEndpoints', { accountId })).body.map((endpoint) => endpoint.Url);
const create = (url: string) => german.call('Webhooks', 'CreateWebhookEndpoint', { accountId, url, eventTypes: ['order.placed'] });
const HTTPS_IN_GERMAN = 'Die Adresse muss mit https:// beginnen. Die Ereignisse enthalten Daten Ihrer Kunden und sind mit dem Geheimnis des Endpunkts signiert, daher werden sie nur verschlüsselt gesendet.';

describe('webhook address must be https', () => {
  it('refuses http:// and other schemes with the reason, in German, and creates nothing', async () => {
    const before = await endpoints();
    for (const url of ['http://hooks.example.com/portal', 'ftp://hooks.example.com/portal', receiverUrl]) {
      const refused = await create(url);
      expect(refused.status, url).toBe(400);
      expect(refused.message, url).toBe(HTTPS_IN_GERMAN);
    }
    expect(await endpoints()).toEqual(before);
  });

  it('says so in each of the 15 languages, each its own words', async () => {
    const english = serverTexts('en')['validation.https'];
    for (const locale of ['bg', 'de', 'en', 'es', 'fi', 'fr', 'hu', 'it', 'nl', 'pl', 'pt', 'ro', 'ru', 'sv', 'tr']) {
      const api = new ApiClient(server.url, locale);
      await api.signIn('company.admin', DEMO_PASSWORD);
      const refused = await api.call('Webhooks', 'CreateWebhookEndpoint', { accountId, url: 'http://hooks.example.com/portal', eventTypes: ['order.placed'] });
      expect(refused.status, locale).toBe(400);
      // The <Fault> body escapes XML (L'adresse → L&apos;adresse); the text as a client shows it:
      const said = refused.message!.replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
      expect(said, locale).toBe(serverTexts(locale)['validation.https']);
      expect(said, locale).toMatch(/https:\/\//);
      if (locale !== 'en') expect(said, locale).not.toBe(english);
    }
  });

  it('with PORTAL_WEBHOOKS_ALLOW_LOOPBACK=1 subscribes a plain-http loopback receiver, which gets the events, and still refuses http elsewhere', async () => {
    process.env.PORTAL_WEBHOOKS_ALLOW_LOOPBACK = '1';
    const refused = await create('http://hooks.example.com/portal');
    expect(refused.message).toBe(HTTPS_IN_GERMAN);
    const created = await create(receiverUrl);
    expect(created.status).toBe(200);
    expect(await endpoints()).toContain(receiverUrl);
    expect((await create(`http://localhost:${new URL(receiverUrl).port}/hooks`)).status).toBe(200);
    // A delivery goes there over plain http with the switch, and is refused without it.
    const delivered = await attemptDelivery(receiverUrl, {}, '{"type":"order.placed"}', addressPolicyFromEnv(), 5000);
    expect(delivered).toMatchObject({ ok: true, status: 200, excerpt: 'ok' });
    expect(bodies).toEqual(['{"type":"order.placed"}']);
    delete process.env.PORTAL_WEBHOOKS_ALLOW_LOOPBACK;
    expect(await attemptDelivery(receiverUrl, {}, '{}', addressPolicyFromEnv(), 5000)).toMatchObject({ ok: false, error: 'refused: not https' });
    expect(bodies).toHaveLength(1);
  });

  it('ignores the switch in production: the loopback receiver is refused and nothing is created', async () => {
    process.env.PORTAL_WEBHOOKS_ALLOW_LOOPBACK = '1';
    process.env.NODE_ENV = 'production';
    const before = await endpoints();
    const refused = await create(`${receiverUrl}/production`);
    expect(refused.status).toBe(400);
    expect(refused.message).toBe(HTTPS_IN_GERMAN);
    // https to loopback is refused there as without the switch.
    const loopbackHttps = await create('https://127.0.0.1:9/hooks');
    expect(loopbackHttps.status).toBe(400);
    expect(loopbackHttps.message).toMatch(/loopback/);
    expect(await endpoints()).toEqual(before);
  });
});
