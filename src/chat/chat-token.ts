/**
 * The chat assistant's token (spec §4, §7): fetched with ChatBot/GetToken and
 * reused from localStorage for up to an hour, with the time it was fetched.
 * Stored with the user's id, so another user on the same browser never gets it.
 */
export const CHAT_TOKEN_STORAGE_KEY = 'chatBotToken';
export const CHAT_TOKEN_REUSE_MS = 60 * 60 * 1000;

interface StoredToken {
  token: string;
  fetchedAt: number;
  userId: number;
}

function readStored(storage: Storage): StoredToken | undefined {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(CHAT_TOKEN_STORAGE_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { token, fetchedAt, userId } = parsed as Record<string, unknown>;
    return typeof token === 'string' && typeof fetchedAt === 'number' && typeof userId === 'number' ? { token, fetchedAt, userId } : undefined;
  } catch {
    return undefined;
  }
}

export async function chatToken(
  userId: number,
  fetchToken: () => Promise<string>,
  now: () => number = Date.now,
  storage: Storage = localStorage,
): Promise<string> {
  const stored = readStored(storage);
  const age = stored ? now() - stored.fetchedAt : Infinity;
  if (stored && stored.userId === userId && age >= 0 && age < CHAT_TOKEN_REUSE_MS) return stored.token;
  const token = await fetchToken();
  try {
    storage.setItem(CHAT_TOKEN_STORAGE_KEY, JSON.stringify({ token, fetchedAt: now(), userId } satisfies StoredToken));
  } catch {
    // Blocked storage: the next opening fetches again.
  }
  return token;
}
