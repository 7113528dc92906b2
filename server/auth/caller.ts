import type { LoadedUser } from './session-user';

/** The signed-in caller, resolved once per request by the dispatcher. */
export interface Caller {
  sessionId: string;
  sessionIdHash: string;
  impersonatorId: number | null;
  loaded: LoadedUser;
  /** Set when the call came with an API token (auth/api-tokens): `loaded` is then the creator narrowed to the token. */
  token?: { id: number; name: string; kind: 'personal' | 'service' };
}
