/**
 * With PORTAL_CHAT_DIRECTLINE_SECRET, ChatBot/GetToken asks an external Bot Framework Direct Line service
 * (PORTAL_CHAT_DIRECTLINE_ENDPOINT, Azure's by default) for a token instead of signing one: the client then
 * talks to that service and its bot. The secret never leaves the server. The user is named to the service
 * by a pseudonym (HMAC of the id with the secret): stable for the user, meaningless elsewhere.
 */
import { createHmac } from 'node:crypto';
import type { ChatConfig } from '../../config';
import { fault } from '../../fault';

const TIMEOUT_MS = 10_000;

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal }) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

export async function externalDirectLineToken(config: Required<ChatConfig>, userId: number, fetchImpl: FetchLike = fetch): Promise<{ token: string; domain: string }> {
  const pseudonym = `dl_${createHmac('sha256', config.directLineSecret).update(String(userId)).digest('hex').slice(0, 32)}`;
  let body: unknown;
  try {
    const response = await fetchImpl(`${config.directLineEndpoint}/v3/directline/tokens/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.directLineSecret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user: { id: pseudonym } }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`Direct Line answered ${response.status}`);
    body = await response.json();
  } catch (error) {
    throw Object.assign(fault(503, 'chat.unavailable'), { cause: error });
  }
  const token = (body as { token?: unknown } | null)?.token;
  if (typeof token !== 'string' || token.length === 0) throw fault(503, 'chat.unavailable');
  return { token, domain: `${config.directLineEndpoint}/v3/directline` };
}
