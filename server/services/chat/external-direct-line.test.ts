import { describe, expect, it, vi } from 'vitest';
import { ServiceFault } from '../../fault';
import { externalDirectLineToken, type FetchLike } from './external-direct-line';

const config = { directLineSecret: 'secret-of-the-bot', directLineEndpoint: 'https://directline.example' };

describe('a token of an external Direct Line service', () => {
  it('is generated with the secret for a pseudonym of the user', async () => {
    const fetchImpl = vi.fn<FetchLike>().mockResolvedValue({ ok: true, status: 200, json: async () => ({ token: 'external-token', conversationId: 'x', expires_in: 3600 }) });
    await expect(externalDirectLineToken(config, 42, fetchImpl)).resolves.toEqual({ token: 'external-token', domain: 'https://directline.example/v3/directline' });
    const [url, init] = fetchImpl.mock.calls[0];
    expect(url).toBe('https://directline.example/v3/directline/tokens/generate');
    expect(init.headers.authorization).toBe('Bearer secret-of-the-bot');
    const user = (JSON.parse(init.body) as { user: { id: string } }).user.id;
    expect(user).toMatch(/^dl_[0-9a-f]{32}$/);
    expect(user).not.toContain('42');
  });

  it('answers 503 when the service fails or says something else', async () => {
    for (const answer of [{ ok: false, status: 403, json: async () => ({}) }, { ok: true, status: 200, json: async () => ({ nothing: true }) }]) {
      await expect(externalDirectLineToken(config, 1, async () => answer)).rejects.toMatchObject({ status: 503, textKey: 'chat.unavailable' });
    }
    await expect(externalDirectLineToken(config, 1, () => Promise.reject(new Error('ECONNREFUSED')))).rejects.toBeInstanceOf(ServiceFault);
  });
});
