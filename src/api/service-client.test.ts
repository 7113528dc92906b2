import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiConfig } from '../config/api-config';
import { ApiError } from './api-error';
import { AHEAD_KEEP_MS, API_TEXTS, createServiceClient, type ApiTextKey, type ServiceClientDeps } from './service-client';

const config: ApiConfig = { basePath: '/DataModel/service.svc/rest', serviceNameMap: {}, defaultTimeoutMs: 60_000, logoutUrls: [] };
const AUTH_PATH = '/DataModel/service.svc/rest/Authorization/Authenticate';

type FakeFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

function setup(fakeFetch: FakeFetch, overrides: Partial<ServiceClientDeps> = {}) {
  const notifyError = vi.fn<(text: string) => void>();
  const fetchSpy = vi.fn(fakeFetch);
  const client = createServiceClient({
    fetch: fetchSpy as typeof fetch,
    config,
    getLocale: () => 'de',
    getXsrfToken: () => 'token-1',
    // Marks translated texts so the tests see that translation happened.
    translate: (key: ApiTextKey, values?: Record<string, string>) =>
      `T:${API_TEXTS[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values?.[name] ?? '')}`,
    notifyError,
    ...overrides,
  });
  return { client, notifyError, fetchSpy };
}

const signIn = { userName: 'alice', password: 'secret' };

/** A fetch that never answers until its signal aborts, like a hung server. */
const hangingFetch: FakeFetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('callService', () => {
  it('asks a read the server shed as busy again as Retry-After says, twice at most, and never repeats a write', async () => {
    const busy = () => new Response('<Fault><Message>The portal is busy right now.</Message></Fault>', { status: 503, headers: { 'retry-after': '0' } });
    const read = setup(async () => (read.fetchSpy.mock.calls.length < 3 ? busy() : new Response('{"Items":[]}', { status: 200 })));
    await expect(read.client.callService('Account', 'SearchAccount', { searchText: 'x' } as never)).resolves.toEqual({ Items: [] });
    expect(read.fetchSpy).toHaveBeenCalledTimes(3);
    expect(read.notifyError).not.toHaveBeenCalled();

    const stillBusy = setup(async () => busy());
    const error = await rejection(stillBusy.client.callService('Account', 'SearchAccount', { searchText: 'x' } as never));
    expect(error.status).toBe(503);
    expect(stillBusy.fetchSpy).toHaveBeenCalledTimes(3);
    expect(stillBusy.notifyError).toHaveBeenCalledWith('The portal is busy right now.');

    const write = setup(async () => busy());
    await rejection(write.client.callService('Authorization', 'Authenticate', signIn));
    expect(write.fetchSpy).toHaveBeenCalledTimes(1);

    // A wait longer than a person sits through is not waited for: the message is shown at once.
    const long = setup(async () => new Response('<Fault><Message>busy</Message></Fault>', { status: 503, headers: { 'retry-after': '60' } }));
    await rejection(long.client.callService('Account', 'SearchAccount', { searchText: 'x' } as never));
    expect(long.fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('retries with the renewed XSRF token when the refusal says it renewed it, twice at most', async () => {
    const tokens = ['stale', 'fresh', 'fresh'];
    const refusal = () => new Response('<Fault><Message>security token</Message></Fault>', { status: 403, headers: { 'x-xsrf-renewed': '1' } });
    const { client, fetchSpy } = setup(async () => (fetchSpy.mock.calls.length === 1 ? refusal() : new Response('{"ok":true}', { status: 200 })), {
      getXsrfToken: () => tokens.shift(),
    });
    await expect(client.callService('Authorization', 'Authenticate', signIn)).resolves.toEqual({ ok: true });
    expect(fetchSpy.mock.calls.map((call) => (call[1]?.headers as Record<string, string>)['X-XSRF-TOKEN'])).toEqual(['stale', 'fresh']);

    const always = setup(async () => refusal());
    const error = await rejection(always.client.callService('Authorization', 'Authenticate', signIn));
    expect(error.message).toBe('security token');
    expect(always.fetchSpy).toHaveBeenCalledTimes(3);
    expect(always.notifyError).toHaveBeenCalledWith('security token');
  });

  it('goes again when a parallel answer replaced the cookie between reading the token and sending it', async () => {
    // The page had no cookie: the refusal set A, but a read answered meanwhile set B, so A went with cookie B.
    let cookie: string | undefined;
    const server: FakeFetch = async (_input, init) => {
      const sent = (init?.headers as Record<string, string>)['X-XSRF-TOKEN'];
      if (sent === undefined) {
        cookie = 'A';
        return new Response('<Fault><Message>security token</Message></Fault>', { status: 403, headers: { 'x-xsrf-renewed': '1' } });
      }
      if (sent === 'A') {
        cookie = 'B';
        return new Response('<Fault><Message>security token</Message></Fault>', { status: 403, headers: { 'x-xsrf-refused': '1' } });
      }
      return new Response('{"ok":true}', { status: 200 });
    };
    const { client, fetchSpy, notifyError } = setup(server, { getXsrfToken: () => cookie });
    await expect(client.callService('Authorization', 'Authenticate', signIn)).resolves.toEqual({ ok: true });
    expect(fetchSpy.mock.calls.map((call) => (call[1]?.headers as Record<string, string>)['X-XSRF-TOKEN'])).toEqual([undefined, 'A', 'B']);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('does not retry a plain 403 (a forged request or a refusal of rights), even when the cookie changed meanwhile', async () => {
    const { client, fetchSpy } = setup(async () => new Response('<Fault><Message>No.</Message></Fault>', { status: 403 }));
    await rejection(client.callService('Authorization', 'Authenticate', signIn));
    expect(fetchSpy).toHaveBeenCalledTimes(1);

    const tokens = ['A', 'B', 'B'];
    const rights = setup(async () => new Response('<Fault><Message>No.</Message></Fault>', { status: 403 }), { getXsrfToken: () => tokens.shift() });
    await rejection(rights.client.callService('Authorization', 'Authenticate', signIn));
    expect(rights.fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('posts the JSON body with locale, XSRF token and same-origin cookies, and returns the parsed result', async () => {
    const { client, fetchSpy } = setup(async () => new Response(JSON.stringify({ Username: 'alice' }), { status: 200 }));
    const result = await client.callService('Authorization', 'Authenticate', signIn);
    expect(result).toEqual({ Username: 'alice' });
    const [url, init] = fetchSpy.mock.calls[0];
    expect(url).toBe(AUTH_PATH);
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(JSON.parse(String(init?.body))).toEqual(signIn);
    expect(init?.headers).toMatchObject({
      'Content-Type': 'application/json',
      'Accept-Language': 'de',
      'X-XSRF-TOKEN': 'token-1',
    });
  });

  it('leaves the XSRF header out when there is no cookie, and reads the cookie at each call', async () => {
    let token: string | undefined = undefined;
    const { client, fetchSpy } = setup(async () => new Response('', { status: 200 }), { getXsrfToken: () => token });
    await client.callService('Authorization', 'Logout', {});
    token = 'fresh';
    await client.callService('Authorization', 'Logout', {});
    expect(fetchSpy.mock.calls[0][1]?.headers).not.toHaveProperty('X-XSRF-TOKEN');
    expect(fetchSpy.mock.calls[1][1]?.headers).toMatchObject({ 'X-XSRF-TOKEN': 'fresh' });
  });

  it('returns undefined for an empty success body', async () => {
    const { client } = setup(async () => new Response(null, { status: 204 }));
    await expect(client.callService('Authorization', 'Logout', {})).resolves.toBeUndefined();
  });

  it('maps service names through the configured serviceNameMap', async () => {
    const { client, fetchSpy } = setup(async () => new Response('{}'), {
      config: { ...config, serviceNameMap: { Authorization: 'AuthService' } },
    });
    await client.callService('Authorization', 'GetCurrentUser', {});
    expect(fetchSpy.mock.calls[0][0]).toBe('/DataModel/service.svc/rest/AuthService/GetCurrentUser');
  });

  it('rejects 4xx with the unescaped Fault message as a bad request and shows it', async () => {
    const body = '<Fault><Message>User &quot;alice&quot; &amp; password &lt;do not&gt; match &#39;here&#39;</Message></Fault>';
    const { client, notifyError } = setup(async () => new Response(body, { status: 401 }));
    const error = await rejection(client.callService('Authorization', 'Authenticate', signIn));
    expect(error.message).toBe(`User "alice" & password <do not> match 'here'`);
    expect(error.kind).toBe('badRequest');
    expect(error.status).toBe(401);
    expect(notifyError).toHaveBeenCalledWith(error.message);
  });

  it('rejects 5xx as a bad response with the generic translated text when the body has no Message', async () => {
    const { client, notifyError } = setup(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await rejection(client.callService('Authorization', 'GetCurrentUser', {}));
    expect(error.kind).toBe('badResponse');
    expect(error.status).toBe(502);
    expect(error.message).toBe('T:The application has encountered an unknown error');
    expect(notifyError).toHaveBeenCalledOnce();
  });

  it('uses "request failed for {path}" when the error has no body', async () => {
    const { client } = setup(async () => new Response('', { status: 500 }));
    const error = await rejection(client.callService('Authorization', 'Authenticate', signIn));
    expect(error.message).toBe(`T:Error: request failed for ${AUTH_PATH}`);
  });

  it('classifies a failed fetch as a network error', async () => {
    const { client, notifyError } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await rejection(client.callService('Authorization', 'Authenticate', signIn));
    expect(error.kind).toBe('network');
    expect(error.message).toBe(`T:Error: request failed for ${AUTH_PATH}`);
    expect(notifyError).toHaveBeenCalledOnce();
  });

  it('does not show the error when suppressErrors is set, but still rejects with the text', async () => {
    const { client, notifyError } = setup(async () => new Response('<Fault><Message>Nope</Message></Fault>', { status: 400 }));
    const error = await rejection(client.callService('Authorization', 'Authenticate', signIn, { suppressErrors: true }));
    expect(error.message).toBe('Nope');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('rejects an aborted call with "request canceled" and no popup', async () => {
    const { client, notifyError } = setup(hangingFetch);
    const controller = new AbortController();
    const pending = client.callService('Authorization', 'Authenticate', signIn, { signal: controller.signal });
    controller.abort();
    const error = await rejection(pending);
    expect(error.message).toBe('T:Error: request canceled');
    expect(error.kind).toBe('canceled');
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('does not even send a call whose signal is already aborted', async () => {
    const { client, fetchSpy } = setup(hangingFetch);
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(client.callService('Authorization', 'Logout', {}, { signal: controller.signal }));
    expect(error.kind).toBe('canceled');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('times out after the default 60 s', async () => {
    vi.useFakeTimers();
    const { client, notifyError } = setup(hangingFetch);
    const pending = rejection(client.callService('Authorization', 'GetCurrentUser', {}));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(notifyError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.kind).toBe('timeout');
    expect(notifyError).toHaveBeenCalledOnce();
  });

  it('honours a per-call timeout', async () => {
    vi.useFakeTimers();
    const { client } = setup(hangingFetch);
    const pending = rejection(client.callService('Authorization', 'GetCurrentUser', {}, { timeoutMs: 500 }));
    await vi.advanceTimersByTimeAsync(500);
    expect((await pending).kind).toBe('timeout');
  });

  it('treats an unparsable success body as a bad response', async () => {
    const { client } = setup(async () => new Response('not json', { status: 200 }));
    const error = await rejection(client.callService('Authorization', 'GetCurrentUser', {}));
    expect(error.kind).toBe('badResponse');
    expect(error.message).toBe('T:The application has encountered an unknown error');
  });
});

describe('shared reads (CallOptions.share)', () => {
  /** A fetch answering each request when the test says, with the body it was sent. */
  function heldFetch() {
    const held: { body: string; answer: () => void; signal?: AbortSignal | null }[] = [];
    const fakeFetch: FakeFetch = (_input, init) =>
      new Promise((resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        const n = held.length + 1;
        held.push({ body: String(init?.body), signal: init?.signal, answer: () => resolve(new Response(`{"n":${n}}`, { status: 200 })) });
      });
    return { held, fakeFetch };
  }
  const search = (text: string) => ({ searchText: text }) as never;

  it('sends one request for identical reads under way and gives each caller its answer; other bodies and unshared calls go alone', async () => {
    const { held, fakeFetch } = heldFetch();
    const { client, fetchSpy } = setup(fakeFetch);
    const first = client.callService('Account', 'SearchAccount', search('a'), { share: true });
    const second = client.callService('Account', 'SearchAccount', search('a'), { share: true });
    const other = client.callService('Account', 'SearchAccount', search('b'), { share: true });
    const unshared = client.callService('Account', 'SearchAccount', search('a'));
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(3));
    expect(held.map((request) => JSON.parse(request.body))).toEqual([{ searchText: 'a' }, { searchText: 'b' }, { searchText: 'a' }]);
    held.forEach((request) => request.answer());
    await expect(first).resolves.toEqual({ n: 1 });
    await expect(second).resolves.toEqual({ n: 1 });
    await expect(other).resolves.toEqual({ n: 2 });
    await expect(unshared).resolves.toEqual({ n: 3 });
    // Answered: the next identical read is a request of its own.
    void client.callService('Account', 'SearchAccount', search('a'), { share: true });
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(4));
  });

  it('a caller that leaves gets "canceled" while the others still get the answer; the request is aborted only when all have left', async () => {
    const { held, fakeFetch } = heldFetch();
    const { client, fetchSpy, notifyError } = setup(fakeFetch);
    const leaving = new AbortController();
    const staying = new AbortController();
    const left = client.callService('Account', 'SearchAccount', search('a'), { share: true, signal: leaving.signal });
    const stays = client.callService('Account', 'SearchAccount', search('a'), { share: true, signal: staying.signal });
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    leaving.abort();
    expect((await rejection(left)).kind).toBe('canceled');
    expect(held[0].signal?.aborted).toBe(false);
    held[0].answer();
    await expect(stays).resolves.toEqual({ n: 1 });

    const alone = new AbortController();
    const lone = client.callService('Account', 'SearchAccount', search('c'), { share: true, signal: alone.signal });
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(2));
    alone.abort();
    expect((await rejection(lone)).kind).toBe('canceled');
    expect(held[1].signal?.aborted).toBe(true);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('a write sent while a read is under way makes the next identical read a request of its own; writes are never shared', async () => {
    const { held, fakeFetch } = heldFetch();
    const { client, fetchSpy } = setup(fakeFetch);
    const before = client.callService('Account', 'SearchAccount', search('a'), { share: true });
    void client.callService('Authorization', 'Authenticate', signIn, { share: true });
    void client.callService('Authorization', 'Authenticate', signIn, { share: true });
    const after = client.callService('Account', 'SearchAccount', search('a'), { share: true });
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(4));
    held.forEach((request) => request.answer());
    await expect(before).resolves.toEqual({ n: 1 });
    await expect(after).resolves.toEqual({ n: 4 });
  });

  it('keeps an answer asked ahead for the shared reads that come within AHEAD_KEEP_MS and before any write', async () => {
    const { held, fakeFetch } = heldFetch();
    const { client, fetchSpy } = setup(fakeFetch);
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const asked = client.callService('Account', 'SearchAccount', search('a'), { ahead: true });
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    held[0].answer();
    await expect(asked).resolves.toEqual({ n: 1 });
    now += AHEAD_KEEP_MS - 1;
    await expect(client.callService('Account', 'SearchAccount', search('a'), { share: true })).resolves.toEqual({ n: 1 });
    await expect(client.callService('Account', 'SearchAccount', search('a'), { share: true })).resolves.toEqual({ n: 1 });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    // Too late: the part it was asked for did not come; the read goes to the server.
    now += 2;
    const late = client.callService('Account', 'SearchAccount', search('a'), { share: true });
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(2));
    held[1].answer();
    await expect(late).resolves.toEqual({ n: 2 });

    // A write between the answer and the read: the kept answer is from before it.
    const again = client.callService('Account', 'SearchAccount', search('b'), { ahead: true });
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(3));
    held[2].answer();
    await expect(again).resolves.toEqual({ n: 3 });
    void client.callService('Authorization', 'Authenticate', signIn);
    const afterWrite = client.callService('Account', 'SearchAccount', search('b'), { share: true });
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(5));
    held.forEach((request) => request.answer());
    await expect(afterWrite).resolves.toEqual({ n: 5 });
    vi.restoreAllMocks();
  });
});
