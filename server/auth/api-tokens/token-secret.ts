/**
 * The secret of an API token: `mpt_` + 32 random bytes (base64url). Only its SHA-256 is
 * stored (api_tokens.secret_hash): 256 bits of entropy need no slow hash, and a lookup by
 * hash is one indexed read.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { API_TOKEN_PREFIX } from '../../../contract/services/api-tokens';

const SECRET_PATTERN = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);
/** Characters of a token shown in lists (the prefix and a few more, far from enough to guess the rest). */
const SHOWN_LENGTH = API_TOKEN_PREFIX.length + 6;

export const newTokenSecret = () => `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
export const hashTokenSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
export const shownPrefix = (secret: string) => secret.slice(0, SHOWN_LENGTH);

/**
 * The token a request carries: undefined without an `Authorization: Bearer` header (other schemes,
 * such as a proxy's Basic authentication, are not ours and are ignored); 'malformed' when the
 * bearer value cannot be one of our tokens.
 */
export function bearerTokenOf(request: FastifyRequest): string | 'malformed' | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !/^bearer(\s|$)/i.test(header)) return undefined;
  const value = header.slice(6).trim();
  return SECRET_PATTERN.test(value) ? value : 'malformed';
}
