/**
 * The OpenAPI 3.1 document of the service catalogue: one POST operation per
 * Service/Method, generated from the same schemas the server validates with.
 */
import type { TSchema } from '@sinclair/typebox';
import { listMethods } from './catalogue';

export const SERVICE_PATH_PREFIX = '/DataModel/service.svc/rest';

export const servicePath = (service: string, method: string) => `${SERVICE_PATH_PREFIX}/${service}/${method}`;

/** TypeBox schemas are JSON Schema plus symbol keys; a JSON round trip keeps only the former. */
const plainSchema = (schema: TSchema): Record<string, unknown> => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;

const FAULT_RESPONSES: Record<string, string> = {
  '400': 'The body does not match the parameter schema, or a business rule refused it.',
  '401': 'No valid session (for methods that need one).',
  '403': 'Missing capability, account outside the caller\'s hierarchy, or invalid XSRF token.',
  '404': 'Unknown service or method, or the addressed record does not exist.',
  '500': 'Unexpected server error.',
  '501': 'The method is in the contract but this server does not implement it.',
};

const faultResponse = (description: string) => ({
  description,
  content: { 'application/xml': { schema: { $ref: '#/components/schemas/Fault' } } },
});

export function buildOpenApiDocument(): object {
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
        requestBody: {
          required: true,
          content: { 'application/json': { schema: plainSchema(contract.params) } },
        },
        responses: {
          '200': {
            description: 'Success.',
            content: { 'application/json': { schema: plainSchema(contract.result) } },
          },
          ...Object.fromEntries(Object.entries(FAULT_RESPONSES).map(([code, text]) => [code, faultResponse(text)])),
        },
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
        'scope names the body parameters holding account ids that must lie in the caller\'s hierarchy.',
    },
    tags: [...tags.values()],
    paths,
    components: {
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
