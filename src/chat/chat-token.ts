/**
 * The chat assistant's token (spec §4, §7): fetched with ChatBot/GetToken and
 * reused from localStorage for up to an hour, with the time it was fetched.
 * Stored with the user's id, so another user on the same browser never gets it.
 * Issue 38: with the Direct Line address when an external service gave it.
 */
export const CHAT_TOKEN_STORAGE_KEY = 'chatBotToken';
export const CHAT_TOKEN_REUSE_MS = 60 * 60 * 1000;

/** A token, and the Direct Line address of an external service (absent: the portal's own). */
export interface ChatGrant {
  token: string;
  domain?: string;
}

interface StoredToken extends ChatGrant {
  fetchedAt: number;
  userId: number;
}

function readStored(storage: Storage): StoredToken | undefined {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(CHAT_TOKEN_STORAGE_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { token, fetchedAt, userId, domain } = parsed as Record<string, unknown>;
    if (typeof token !== 'string' || typeof fetchedAt !== 'number' || typeof userId !== 'number') return undefined;
    return { token, fetchedAt, userId, ...(typeof domain === 'string' ? { domain } : {}) };
  } catch {
    return undefined;
  }
}

/** Keeps a token (fetched or renewed now) for the next opening within the hour. */
export function storeChatGrant(userId: number, grant: ChatGrant, now: () => number = Date.now, storage: Storage = localStorage): void {
  try {
    storage.setItem(CHAT_TOKEN_STORAGE_KEY, JSON.stringify({ ...grant, fetchedAt: now(), userId } satisfies StoredToken));
  } catch {
    // Blocked storage: the next opening fetches again.
  }
}

export async function chatGrant(
  userId: number,
  fetchGrant: () => Promise<ChatGrant>,
  now: () => number = Date.now,
  storage: Storage = localStorage,
): Promise<ChatGrant> {
  const stored = readStored(storage);
  const age = stored ? now() - stored.fetchedAt : Infinity;
  if (stored && stored.userId === userId && age >= 0 && age < CHAT_TOKEN_REUSE_MS) return { token: stored.token, ...(stored.domain ? { domain: stored.domain } : {}) };
  const grant = await fetchGrant();
  storeChatGrant(userId, grant, now, storage);
  return grant;
}

export async function chatToken(
  userId: number,
  fetchToken: () => Promise<string>,
  now: () => number = Date.now,
  storage: Storage = localStorage,
): Promise<string> {
  return (await chatGrant(userId, async () => ({ token: await fetchToken() }), now, storage)).token;
}
