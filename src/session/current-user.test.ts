import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCurrentUser } from './current-user';

afterEach(() => vi.unstubAllGlobals());

describe('fetchCurrentUser', () => {
  it('answers "not signed in" from an anonymous XSRF cookie without a request (no 401 in the console)', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('document', { cookie: 'lang=de; XSRF-TOKEN=anon~abc.def' });
    await expect(fetchCurrentUser()).rejects.toMatchObject({ name: 'ApiError', status: 401 });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks the server when the cookie belongs to a session', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ Username: 'ann' }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=abc.def' });
    await expect(fetchCurrentUser()).resolves.toMatchObject({ Username: 'ann' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
