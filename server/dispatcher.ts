import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { findMethod, type MethodContract } from '../contract';
import { enforceAccess } from './auth/access';
import { assertMfaSetUpIfRequired, isMandatorySetupCall } from './auth/mfa-setup-gate';
import { isReadOnlyMethod } from '../contract/read-only-methods';
import { SESSION_COOKIE } from './auth/session-store';
import { hasCapability, loadUser } from './auth/session-user';
import { XSRF_COOKIE, XSRF_HEADER } from './auth/xsrf';
import { fault } from './fault';
import { handlerFor, implementedMethods } from './services/registry';
import { enforceIpRestrictions } from './services/lifecycle/ip-restrictions';
import type { Caller, ServerDeps, ServiceContext } from './services/context';
import { localeFromAcceptLanguage, translator } from './texts';
import { setSessionCookies, clearSessionCookies, setXsrfCookie } from './cookies';
import { XSRF_REFUSED_HEADER, XSRF_RENEWED_HEADER } from '../contract/xsrf-token';
import { rememberCaller, rememberedCaller } from './auth/request-caller';
import { bodyLimitFor, bodyTooDeep, bodyTooLarge, guardedBody, SMALL_BODY_BYTES, tooDeep } from './http/body-guard';
import { validationFault } from './http/validation-message';
import type { RateLimits } from './http/rate-limits';
import { bearerTokenOf } from './auth/api-tokens/token-secret';
import { resolveBearerCallerFirst } from './auth/api-tokens/bearer-dispatch';
import { auditTokenCall } from './auth/api-tokens/token-caller';

export const SERVICE_ROUTE = '/DataModel/service.svc/rest/:service/:method';
export const REFUSED_BY_HEADER = 'x-refused-by';

const ajv = new Ajv({ strict: false, allErrors: false, coerceTypes: false });
addFormats(ajv);
// Compiled on first call: start-up stays fast with ~180 methods.
const validators = new WeakMap<MethodContract, ValidateFunction>();
function validatorFor(contract: MethodContract): ValidateFunction {
  let validate = validators.get(contract);
  if (!validate) {
    validate = ajv.compile(contract.params);
    validators.set(contract, validate);
  }
  return validate;
}

/** A body that is JSON but no object (an array, a string, a number, null). */
const notAnObjectFault = (locale: string) => fault(400, 'invalidBody', { path: 'body', reason: translator(locale)('invalidReason.type') });

type ServiceRequest = FastifyRequest<{ Params: { service: string; method: string } }>;

async function resolveCaller(deps: ServerDeps, sessionId: string | undefined): Promise<Caller | undefined> {
  if (!sessionId) return undefined;
  const cached = deps.callers.get(sessionId);
  if (cached) return cached;
  const session = await deps.sessions.find(sessionId);
  if (!session) return undefined;
  const loaded = await loadUser(deps.db, session.userId);
  if (!loaded) return undefined;
  const caller = { sessionId, sessionIdHash: session.idHash, impersonatorId: session.impersonatorId, loaded };
  deps.callers.set(caller);
  return caller;
}

/**
 * Who calls, decided before the body is read: a signed-out call to a method that needs a
 * session is answered 401 without its body costing anything. What the caller may do (capability,
 * scope) is checked after validation, so a malformed call is told what is wrong with it first.
 */
async function resolveCallerFirst(deps: ServerDeps, contract: MethodContract, request: ServiceRequest, reply: FastifyReply, limits: RateLimits, bearer?: string): Promise<void> {
  // An API token instead of a session (auth/api-tokens).
  if (bearer !== undefined) return resolveBearerCallerFirst(deps, contract, request, reply, limits, bearer);
  const caller = contract.access.kind === 'public' && request.params.method !== 'Logout' ? undefined : await resolveCaller(deps, request.cookies[SESSION_COOKIE]);
  rememberCaller(request, caller);
  if (caller) await limits.bySession(request, reply, caller.sessionIdHash);
  if (contract.access.kind !== 'public' && !caller) {
    reply.header(REFUSED_BY_HEADER, 'declaration');
    throw fault(401, 'unauthenticated');
  }
}

/**
 * POST /DataModel/service.svc/rest/{Service}/{Method}: 429 (address) → 404 → 403 (XSRF) → 413 (announced length)
 * → 429 (session) → 401 → body: 413 size / 400 depth (while it streams) → 400 schema → 403 access (`auth/access.ts`) → 501 → handler.
 */
export function registerDispatcher(app: FastifyInstance, deps: ServerDeps, limits: RateLimits): void {
  const implemented = implementedMethods();
  // Calls whose small body was not streamed through the guard: their depth is checked on the text (http/body-guard.ts).
  const unguarded = new WeakSet<FastifyRequest>();
  // Fastify's own JSON parser (prototype poisoning refused), after that depth check; other routes' bodies go straight to it.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (unguarded.has(request) && tooDeep(body as string)) return done(bodyTooDeep(), undefined);
    parseJson(request, body as string, done);
  });
  app.post(SERVICE_ROUTE, {
    onRequest: async (request: ServiceRequest, reply: FastifyReply) => {
      const { service, method } = request.params;
      const contract = findMethod(service, method);
      // Sign-in and the other public methods have their own budget per address (http/rate-limits.ts).
      await (contract?.access.kind === 'public' ? limits.bySignInAddress(request, reply) : limits.byAddress(request, reply));
      if (!contract) throw fault(404, 'unknownMethod', { service, method });
      const token = request.headers[XSRF_HEADER];
      const cookie = request.cookies[XSRF_COOKIE];
      const headerToken = Array.isArray(token) ? token[0] : token;
      // A bearer token is sent by a program; no page can make a browser send it, so it needs no XSRF token.
      const bearer = bearerTokenOf(request);
      if (bearer === undefined && (!headerToken || headerToken !== cookie || !deps.xsrf.isValid(headerToken, request.cookies[SESSION_COOKIE]))) {
        // A page whose cookie was cleared or whose token a rotated key no longer signs gets a fresh one and
        // tries once more (src/api); a forging page cannot read the cookie, so its retry fails the same way.
        if (!deps.xsrf.isValid(cookie, request.cookies[SESSION_COOKIE])) {
          setXsrfCookie(reply, deps, request, request.cookies[SESSION_COOKIE]);
          throw fault(403, 'xsrf').withHeader(XSRF_RENEWED_HEADER, 1).withHeader(XSRF_REFUSED_HEADER, 1);
        }
        throw fault(403, 'xsrf').withHeader(XSRF_REFUSED_HEADER, 1);
      }
      // A body announced larger than the method takes is refused before anything else is looked up.
      if (Number(request.headers['content-length']) > bodyLimitFor(contract)) throw bodyTooLarge();
      await resolveCallerFirst(deps, contract, request, reply, limits, bearer);
    },
    // Every call of an API token is audited after its answer (auth/api-tokens/token-caller.ts).
    onResponse: (request: ServiceRequest, reply: FastifyReply, done: () => void) => {
      auditTokenCall(deps, request, reply.statusCode);
      done();
    },
    // The method's body limit and the depth limit, on the bytes as they come; a small body announced
    // by its length (the announcement was held to the limit above) is only checked for depth, as text.
    preParsing: (request: ServiceRequest, _reply: FastifyReply, payload: Readable, done: (error: Error | null, payload?: Readable) => void) => {
      const announced = request.headers['content-length'];
      if (announced !== undefined && /^\d{1,5}$/.test(announced) && Number(announced) <= SMALL_BODY_BYTES) {
        unguarded.add(request);
        return done(null, payload);
      }
      const { service, method } = request.params;
      done(null, guardedBody(payload, bodyLimitFor(findMethod(service, method) as MethodContract)));
    },
    handler: async (request: ServiceRequest, reply: FastifyReply) => {
      const { service, method } = request.params;
      const contract = findMethod(service, method) as MethodContract;
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      const body: unknown = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw notAnObjectFault(locale);
      const validate = validatorFor(contract);
      // ajv keeps the last call's errors on the shared function: read them at once, never for another body.
      if (!validate(body)) throw validationFault(validate.errors, contract.params, locale);
      const bodyObject = body as Record<string, unknown>;
      const caller = rememberedCaller(request);
      // The caller's company may restrict the addresses its users call from (IpRestrictions; refusals audited).
      if (caller && contract.access.kind !== 'public') await enforceIpRestrictions(deps.db, caller.loaded, request, 'call');
      try {
        // A user whose LOGIN right was taken away is out, whatever the method.
        // The way back from impersonation stays open whatever the impersonated user may do.
        const returning = caller?.impersonatorId != null && service === 'Authorization' && method === 'Unimpersonate';
        // Spec §4: MFA set-up comes before the LOGIN check (auth/mfa-setup-gate.ts).
        const settingUp = isMandatorySetupCall(caller, service, method);
        if (caller && !returning && !settingUp && contract.access.kind !== 'public' && !hasCapability(caller.loaded.user.Capability, 'LOGIN', 'Execute')) {
          throw fault(403, 'missingLoginCapability');
        }
        await enforceAccess(deps.db, contract.access, caller, bodyObject);
      } catch (error) {
        // Tells a refusal by the access declaration from a handler's own (the authorization matrix test reads it).
        reply.header(REFUSED_BY_HEADER, 'declaration');
        throw error;
      }
      assertMfaSetUpIfRequired(caller, service, method);

      const handler = handlerFor(service, method);
      if (!handler) throw fault(501, 'notImplemented', { service, method });

      const ctx: ServiceContext = {
        ...deps,
        request,
        reply,
        log: request.log,
        locale,
        t: translator(locale),
        caller,
        startSession: (newSessionId) => setSessionCookies(reply, deps, request, newSessionId),
        endSession: () => clearSessionCookies(reply, deps, request),
        implementedMethods: implemented,
        audit: async (action, accountId, details = {}) => {
          await deps.db.query(
            `INSERT INTO audit_log (account_id, actor_user_id, impersonator_user_id, action, details, ip)
             VALUES ($1, $2, $3, $4, $5, $6)`,
            [accountId, caller?.loaded.user.UserAccountId ?? null, caller?.impersonatorId ?? null, action, details, request.ip],
          );
        },
      };
      const result = await handler(ctx, bodyObject as never).finally(async () => {
        // A call that may write may have changed its own caller: reloaded, and forgotten everywhere if it did.
        if (caller && !isReadOnlyMethod(method)) deps.callers.refreshAfterWrite(caller, await loadUser(deps.db, caller.loaded.user.UserAccountId).catch(() => undefined));
      });
      if (reply.sent) return reply;
      // Always JSON, strings included (fastify would send a bare string as text/plain).
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(result ?? null));
    },
  });
}
