/**
 * The dispatcher's bearer path, beside the session path (dispatcher.ts resolveCallerFirst):
 * the token's caller is remembered like a session's, rate-limited per token (the session
 * limiter keyed by `token:<id>`), and refused (403) on methods no token reaches (isRefusedToTokens in contract/services/api-tokens.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MethodContract } from '../../../contract';
import { isRefusedToTokens } from '../../../contract/services/api-tokens';
import { fault } from '../../fault';
import type { RateLimits } from '../../http/rate-limits';
import type { ServerDeps } from '../../services/context';
import { rememberCaller } from '../request-caller';
import { noteTokenRefusal, resolveTokenCaller } from './token-caller';
import { refuseWhileGuessing } from './token-guessing';

export async function resolveBearerCallerFirst(
  deps: ServerDeps,
  contract: MethodContract,
  request: FastifyRequest<{ Params: { service: string; method: string } }>,
  reply: FastifyReply,
  limits: RateLimits,
  bearer: string,
): Promise<void> {
  const { service, method } = request.params;
  // Sign-in and the other public methods are not for tokens: refused before the token is even looked up.
  if (contract.access.kind === 'public') throw fault(403, 'apiTokens.notWithToken');
  // An address guessing tokens waits before any token of it is looked up (token-guessing.ts).
  await refuseWhileGuessing(deps, request, reply);
  const caller = await resolveTokenCaller(deps, request, bearer);
  rememberCaller(request, caller);
  await limits.bySession(request, reply, caller.sessionIdHash);
  if (isRefusedToTokens(service, method, contract.access)) {
    noteTokenRefusal(request, 'apiTokens.notWithToken');
    throw fault(403, 'apiTokens.notWithToken');
  }
}
