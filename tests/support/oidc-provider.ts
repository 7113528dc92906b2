/**
 * A real OpenID Connect provider (oidc-provider) on loopback for the single
 * sign-on tests: one confidential client (the portal) and a few people who
 * sign in on a plain HTML login page. API tests start it in-process; the
 * end-to-end run starts this file as a Playwright web server:
 *
 *   OIDC_PORT=9402 OIDC_REDIRECT_URIS=http://localhost:8402/v/ node --import tsx tests/support/oidc-provider.ts
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import Provider from 'oidc-provider';
import { TEST_SSO_CLIENT, TEST_SSO_PEOPLE, testSsoConfig, type TestSsoConfig, type TestSsoPerson } from './oidc-test-setup';

export { TEST_SSO_CLIENT, TEST_SSO_PEOPLE, type TestSsoPerson } from './oidc-test-setup';

export interface TestOidcProvider {
  issuer: string;
  /** The portal's SSO configuration for this provider (PORTAL_SSO_CONFIG). */
  ssoConfig: TestSsoConfig;
  close(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(uid: string, error?: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;background:#eef2f7;display:grid;place-items:center;min-height:100vh;margin:0}
form{background:#fff;padding:32px;border-radius:8px;box-shadow:0 2px 12px #0002;display:grid;gap:12px;width:300px}
h1{font-size:20px;margin:0 0 8px}label{display:grid;gap:4px}input{padding:8px;font-size:16px}button{padding:10px;font-size:16px;background:#1565c0;color:#fff;border:0;border-radius:4px}
.error{color:#b71c1c}</style></head><body>
<form method="post" action="/interaction/${escapeHtml(uid)}/login" autocomplete="off">
<h1>Test identity provider</h1>
${error ? `<p class="error" data-testid="idp-error">${escapeHtml(error)}</p>` : ''}
<label>Login <input name="login" data-testid="idp-login" required></label>
<label>Password <input name="password" type="password" data-testid="idp-password" required></label>
<button type="submit" data-testid="idp-submit">Sign in</button>
</form></body></html>`;
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Login page, password check, and consent given automatically (the portal is a first-party client). */
async function interaction(provider: Provider, req: IncomingMessage, res: ServerResponse, isLoginPost: boolean) {
  const details = await provider.interactionDetails(req, res);
  const html = (status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(body);
  };
  if (details.prompt.name === 'login') {
    if (!isLoginPost) return html(200, loginPage(details.uid));
    const form = await formBody(req);
    const person = TEST_SSO_PEOPLE.find((candidate) => candidate.login === form.get('login') && candidate.password === form.get('password'));
    if (!person) return html(200, loginPage(details.uid, 'Unknown login or wrong password.'));
    return provider.interactionFinished(req, res, { login: { accountId: person.sub } }, { mergeWithLastSubmission: false });
  }
  const grant = (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
    new provider.Grant({ accountId: details.session?.accountId, clientId: details.params.client_id });
  const missing = details.prompt.details;
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
  return provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
}

export async function startOidcProvider(options: { port?: number; host?: string; redirectUris: string[] }): Promise<TestOidcProvider> {
  const host = options.host ?? '127.0.0.1';
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_SSO_CLIENT.id,
        client_secret: TEST_SSO_CLIENT.secret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    async findAccount(_ctx, sub) {
      const person = TEST_SSO_PEOPLE.find((candidate) => candidate.sub === sub);
      if (!person) return undefined;
      return { accountId: sub, claims: () => ({ sub, name: person.name, email: person.email, email_verified: true }) };
    },
    interactions: { url: (_ctx, interactionInfo) => `/interaction/${interactionInfo.uid}` },
    cookies: { keys: ['test-identity-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    // The portal always sends a PKCE challenge: require it, so the test proves it.
    pkce: { required: () => true },
  });
  const callback = provider.callback();
  handle = (req, res) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(new URL(req.url ?? '/', issuer).pathname);
    if (!match) return callback(req, res);
    interaction(provider, req, res, req.method === 'POST' && match[2] === '/login').catch((error: unknown) => {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`Interaction failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  };

  return {
    issuer,
    ssoConfig: testSsoConfig(issuer),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * What a browser does at the provider, without one: follow the authorization
 * request, post the login form, follow the redirects. Returns the URL the
 * provider sends the browser back to (redirect_uri?code=…&state=…).
 */
export async function signInAtProvider(authorizationUrl: string, person: Pick<TestSsoPerson, 'login' | 'password'>): Promise<URL> {
  const cookies = new Map<string, string>();
  const request = async (url: URL, init: { method?: string; body?: string } = {}) => {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: init.body,
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair.indexOf('=');
      cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    await response.arrayBuffer();
    return response;
  };
  let url = new URL(authorizationUrl);
  let response = await request(url);
  for (let hop = 0; hop < 10; hop++) {
    if (response.status === 200 && /^\/interaction\/[\w-]+$/.test(url.pathname)) {
      const body = new URLSearchParams({ login: person.login, password: person.password }).toString();
      url = new URL(`${url.pathname}/login`, url);
      response = await request(url, { method: 'POST', body });
      continue;
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) throw new Error(`provider answered ${response.status} at ${url.pathname}`);
    const next = new URL(location, url);
    if (next.origin !== url.origin && next.origin !== new URL(authorizationUrl).origin) return next;
    url = next;
    response = await request(url);
  }
  throw new Error('too many redirects at the provider');
}

// Started as a program (the end-to-end web server): listen until stopped.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.env.OIDC_PORT ?? 9400);
  const redirectUris = (process.env.OIDC_REDIRECT_URIS ?? `http://localhost:8391/v/`).split(',').filter(Boolean);
  const running = await startOidcProvider({ port, redirectUris });
  console.log(`test OpenID provider at ${running.issuer} for ${redirectUris.join(', ')}`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void running.close().then(() => process.exit(0)));
}
