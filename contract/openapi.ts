/**
 * The OpenAPI 3.1 document of the service catalogue: one POST operation per
 * Service/Method, generated from the same schemas the server validates with.
 */
import type { TSchema } from '@sinclair/typebox';
import { listMethods } from './catalogue';
import { declaredStatuses, STATUS_DESCRIPTIONS } from './statuses';
import type { Access } from './define';
import { isRefusedToTokens } from './services/api-tokens';

export const SERVICE_PATH_PREFIX = '/DataModel/service.svc/rest';

export const servicePath = (service: string, method: string) => `${SERVICE_PATH_PREFIX}/${service}/${method}`;

/** TypeBox schemas are JSON Schema plus symbol keys; a JSON round trip keeps only the former. */
const plainSchema = (schema: TSchema): Record<string, unknown> => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;

const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } } };
/** A security change that would take the sign-in right from users says how many (send it back as confirmLoginLoss). */
const LOGIN_LOSS_COUNT = { 'x-login-loss-count': { description: 'Users the change would sign out; confirm with confirmLoginLoss', schema: { type: 'integer', minimum: 1 } } };

const faultResponse = (status: number, params: TSchema) => {
  const confirmsLoginLoss = status === 409 && 'confirmLoginLoss' in ((params.properties as object | undefined) ?? {});
  const headers = status === 429 ? RETRY_AFTER : confirmsLoginLoss ? LOGIN_LOSS_COUNT : undefined;
  return {
    description: STATUS_DESCRIPTIONS[status],
    content: { 'application/xml': { schema: { $ref: '#/components/schemas/Fault' } } },
    ...(headers ? { headers } : {}),
  };
};

export interface OpenApiOptions {
  /** Does this server have a handler for the method? Those without one answer 501. */
  implemented?: (service: string, method: string) => boolean;
}

/** How a caller proves who it is: a browser session with its XSRF token, or an API token (contract/services/api-tokens.ts). */
const SECURITY_SCHEMES = {
  session: { type: 'apiKey', in: 'cookie', name: 'portal_session', description: 'The session cookie set by sign-in.' },
  xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN', description: 'The XSRF-TOKEN cookie echoed; required with the session cookie.' },
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'mpt_<43 characters>',
    description:
      'An API token (Authorization/CreateApiToken, CreateServiceToken), without cookie or XSRF token. It acts as its creator within the capabilities and ' +
      "subtree it was given and what the creator holds at the call; 401 when malformed, unknown, expired or revoked, 403 from an address outside its list.",
  },
};

/** Public methods need nothing; the others a session, or a token where a token may call them (isRefusedToTokens). */
function securityOf(service: string, method: string, access: Access): Record<string, string[]>[] {
  if (access.kind === 'public') return [];
  const session = { session: [], xsrf: [] };
  return isRefusedToTokens(service, method, access) ? [session] : [session, { apiToken: [] }];
}

export function buildOpenApiDocument(options: OpenApiOptions = {}): object {
  const paths: Record<string, unknown> = {};
  const tags = new Map<string, { name: string }>();
  for (const { service, method, contract } of listMethods()) {
    tags.set(service, { name: service });
    paths[servicePath(service, method)] = {
      post: {
        operationId: `${service}_${method}`,
        tags: [service],
        summary: contract.summary,
        ...(contract.extension ? { 'x-extension': true } : {}),
        'x-access': JSON.parse(JSON.stringify(contract.access)) as unknown,
        security: securityOf(service, method, contract.access),
        requestBody: {
          required: true,
          content: { 'application/json': { schema: plainSchema(contract.params) } },
        },
        responses: Object.fromEntries(
          declaredStatuses(contract.access, contract.refusals, options.implemented?.(service, method) ?? true).map((status) => [
            String(status),
            status === 200
              ? { description: STATUS_DESCRIPTIONS[200], content: { 'application/json': { schema: plainSchema(contract.result) } } }
              : faultResponse(status, contract.params),
          ]),
        ),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cloud marketplace portal service contract',
      version: '1.0.0',
      description:
        'Every call is a POST with a JSON body. The client sends Accept-Language and the XSRF token read from a cookie. ' +
        'Errors are non-2xx responses with the body <Fault><Message>text</Message></Fault>. ' +
        'x-access declares who may call: public, session (signed in) or capability (any of the listed object type/flag pairs); ' +
        'scope names the body parameters holding account ids that must lie in the caller\'s hierarchy. ' +
        'Each operation lists every status it answers; a 500 is a bug. Any other verb than POST on a service path answers 405 <Fault> with Allow: POST.',
    },
    tags: [...tags.values()],
    paths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: {
        Fault: {
          type: 'object',
          xml: { name: 'Fault' },
          required: ['Message'],
          properties: { Message: { type: 'string', description: 'Translated, XML-escaped error text' } },
        },
      },
    },
  };
}
