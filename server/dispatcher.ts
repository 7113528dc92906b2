import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findMethod, type MethodContract } from '../src/contract';
import { enforceAccess } from './auth/access';
import { assertMfaSetUpIfRequired } from './auth/mfa-setup-gate';
import { isReadOnlyMethod } from './auth/caller-cache';
import { SESSION_COOKIE } from './auth/session-store';
import { hasCapability, loadUser } from './auth/session-user';
import { XSRF_COOKIE, XSRF_HEADER } from './auth/xsrf';
import { fault, ServiceFault } from './fault';
import { handlerFor } from './services/registry';
import { enforceIpRestrictions } from './services/lifecycle/ip-restrictions';
import type { Caller, ServerDeps, ServiceContext } from './services/context';
import { localeFromAcceptLanguage, translator, type ServerTextKey } from './texts';
import { setSessionCookies, clearSessionCookies } from './cookies';

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

function reasonKey(error: ErrorObject): ServerTextKey {
  switch (error.keyword) {
    case 'type':
      return 'invalidReason.type';
    case 'required':
      return 'invalidReason.required';
    case 'additionalProperties':
      return 'invalidReason.additional';
    case 'format':
      return 'invalidReason.format';
    case 'minimum':
    case 'maximum':
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
    case 'maxProperties':
      return 'invalidReason.range';
    case 'not':
    case 'propertyNames':
      // The contract-wide rule against control characters (src/contract/hardening.ts).
      return 'invalidReason.characters';
    default:
      return 'invalidReason.other';
  }
}

function invalidBodyFault(error: ErrorObject | undefined, locale: string): ServiceFault {
  const t = translator(locale);
  if (!error) return fault(400, 'invalidBody', { path: 'body', reason: t('invalidReason.other') });
  const param = (error.params as { missingProperty?: string; additionalProperty?: string }) ?? {};
  const name = param.missingProperty ?? param.additionalProperty;
  const path = `${error.instancePath.replace(/^\//, '').replace(/\//g, '.')}${name ? (error.instancePath ? '.' : '') + name : ''}` || 'body';
  return fault(400, 'invalidBody', { path, reason: t(reasonKey(error)) });
}

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

/** POST /DataModel/service.svc/rest/{Service}/{Method}: 404 → 403 (XSRF) → 400 → 401/403 → 501 → handler. */
export function registerDispatcher(app: FastifyInstance, deps: ServerDeps): void {
  app.post(SERVICE_ROUTE, {
    onRequest: async (request: ServiceRequest) => {
      const { service, method } = request.params;
      if (!findMethod(service, method)) throw fault(404, 'unknownMethod', { service, method });
      const token = request.headers[XSRF_HEADER];
      const cookie = request.cookies[XSRF_COOKIE];
      const headerToken = Array.isArray(token) ? token[0] : token;
      if (!headerToken || headerToken !== cookie || !deps.xsrf.isValid(headerToken, request.cookies[SESSION_COOKIE])) {
        throw fault(403, 'xsrf');
      }
    },
    handler: async (request: ServiceRequest, reply: FastifyReply) => {
      const { service, method } = request.params;
      const contract = findMethod(service, method) as MethodContract;
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      const body: unknown = request.body;
      const validate = validatorFor(contract);
      if (typeof body !== 'object' || body === null || Array.isArray(body) || !validate(body)) {
        throw invalidBodyFault(validate.errors?.[0] ?? undefined, locale);
      }
      const bodyObject = body as Record<string, unknown>;

      const sessionId = request.cookies[SESSION_COOKIE];
      const caller = contract.access.kind === 'public' && method !== 'Logout' ? undefined : await resolveCaller(deps, sessionId);
      // The caller's company may restrict the addresses its users call from (IpRestrictions; refusals audited).
      if (caller && contract.access.kind !== 'public') await enforceIpRestrictions(deps.db, caller.loaded, request, 'call');
      try {
        // A user whose LOGIN right was taken away is out, whatever the method.
        // The way back from impersonation stays open whatever the impersonated user may do.
        const returning = caller?.impersonatorId != null && service === 'Authorization' && method === 'Unimpersonate';
        if (caller && !returning && contract.access.kind !== 'public' && !hasCapability(caller.loaded.user.Capability, 'LOGIN', 'Execute')) {
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
        audit: async (action, accountId, details = {}) => {
          await deps.db.query(
            `INSERT INTO audit_log (account_id, actor_user_id, impersonator_user_id, action, details, ip)
             VALUES ($1, $2, $3, $4, $5, $6)`,
            [accountId, caller?.loaded.user.UserAccountId ?? null, caller?.impersonatorId ?? null, action, details, request.ip],
          );
        },
      };
      const result = await handler(ctx, bodyObject as never).finally(() => {
        if (caller && !isReadOnlyMethod(method)) deps.callers.forgetUser(caller.loaded.user.UserAccountId);
      });
      if (reply.sent) return reply;
      // Always JSON, strings included (fastify would send a bare string as text/plain).
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(result ?? null));
    },
  });
}
