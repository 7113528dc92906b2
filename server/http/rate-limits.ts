/**
 * Service calls per window, per address and per session (@fastify/rate-limit): a flood
 * from one address or one session is answered 429 with Retry-After before it costs a
 * session lookup, a body or a handler. With REDIS_URL the counters live in Redis, so
 * every instance counts the same calls; without it each instance counts its own.
 * The limits are far above what a person (or the test suites) sends.
 */
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { RateLimitConfig } from '../config';
import { fault } from '../fault';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

export interface RateLimits {
  /** Counts the call for its address; 429 once over the limit. */
  byAddress(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * Counts a sign-in call (a public method) for its address, in a budget of its own: a flood of
   * service calls from an address never locks people there out of signing in (issue 34); the
   * brute-force rules (auth/brute-force.ts) still guard the passwords and codes.
   */
  bySignInAddress(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Counts the call for its session (by the session's hash); 429 once over the limit. */
  bySession(request: FastifyRequest, reply: FastifyReply, sessionIdHash: string): Promise<void>;
}

async function enforce(limiter: Limiter, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const result = await limiter(request);
  if (result.isAllowed || !result.isExceeded) return;
  const seconds = Math.max(1, result.ttlInSeconds);
  reply.header('retry-after', seconds);
  throw fault(429, 'rateLimited', { seconds });
}

/** Session hashes by request, for the session limiter's key (its key generator sees only the request). */
const sessionKeys = new WeakMap<FastifyRequest, string>();

export async function registerRateLimits(app: FastifyInstance, config: RateLimitConfig): Promise<RateLimits> {
  let redis: Redis | undefined;
  if (config.redisUrl) {
    // No offline queue and one retry: while Redis is away, calls are not counted (skipOnError) instead of waiting.
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2_000 });
    let warned = 0;
    redis.on('error', (error: Error) => {
      // Reconnection attempts repeat the same error: one warning a minute is enough.
      if (Date.now() - warned < 60_000) return;
      warned = Date.now();
      app.log.warn({ err: error }, 'rate limit store (Redis) unreachable: calls are not counted meanwhile');
    });
    const connection = redis;
    app.addHook('onClose', async () => {
      await connection.quit().catch(() => connection.disconnect());
    });
  }
  await app.register(fastifyRateLimit, { global: false, redis, nameSpace: config.redisPrefix, skipOnError: true });
  const window = { timeWindow: config.windowMs };
  const perAddress = app.createRateLimit({
    ...window,
    max: config.perAddress,
    // IPv6 addresses count by /64: one host holds a whole subnet.
    keyGenerator: (request) => `address:${normalizeIP(request.ip)}`,
  });
  const perSignInAddress = app.createRateLimit({
    ...window,
    max: config.perAddressSignIn ?? 3_000,
    keyGenerator: (request) => `sign-in:${normalizeIP(request.ip)}`,
  });
  const perSession = app.createRateLimit({ ...window, max: config.perSession, keyGenerator: (request) => `session:${sessionKeys.get(request)}` });
  return {
    byAddress: (request, reply) => enforce(perAddress, request, reply),
    bySignInAddress: (request, reply) => enforce(perSignInAddress, request, reply),
    bySession: (request, reply, sessionIdHash) => {
      sessionKeys.set(request, sessionIdHash);
      return enforce(perSession, request, reply);
    },
  };
}
