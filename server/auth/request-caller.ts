import type { FastifyRequest } from 'fastify';
import type { Caller } from '../services/context';

/**
 * The caller the dispatcher resolved for a request, before its body was read: the
 * handler and the refusal audit use it instead of looking the session up again.
 */
const callers = new WeakMap<FastifyRequest, Caller>();

export function rememberCaller(request: FastifyRequest, caller: Caller | undefined): void {
  if (caller) callers.set(request, caller);
}

export const rememberedCaller = (request: FastifyRequest): Caller | undefined => callers.get(request);
