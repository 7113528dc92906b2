/**
 * Guessing tokens is throttled like guessing passwords (brute-force.ts): a malformed or unknown
 * bearer token counts as a failure of the client address (its own key, so a guesser of tokens and a
 * person signing in from the same address do not share a count), and from BRUTE_FORCE_IP_MAX_FAILURES
 * on every bearer call from that address waits (429 + Retry-After) before its token is looked up.
 * Known tokens refused for other reasons (revoked, expired) are no guesses and are not counted.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerDeps } from '../../services/context';
import { countFailure, remainingLockSeconds, tooManyAttempts } from '../brute-force';

const keyOf = (request: FastifyRequest) => `token-ip:${request.ip}`;

/** 429 with the wait while the address is locked for guessing. */
export async function refuseWhileGuessing(deps: ServerDeps, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const key = keyOf(request);
  const wait = await remainingLockSeconds(deps.db, { account: key, ip: key });
  if (wait <= 0) return;
  reply.header('retry-after', String(wait));
  throw tooManyAttempts(wait);
}

/** One more guess from the request's address. */
export async function countGuess(deps: ServerDeps, request: FastifyRequest): Promise<void> {
  const config = deps.config.identity.bruteForce;
  await countFailure(deps.db, config, keyOf(request), config.ipMaxFailures);
}
