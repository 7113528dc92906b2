import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMethods } from '../../contract';
import { implementedMethods } from '../../server/services/registry';
import { sampleBody, wrongValue, type JsonSchema } from '../support/schema-samples';
import { startTestServer, type TestServer } from '../support/test-server';
import type { ApiClient } from '../support/api-client';
import { translator, type ServerTextKey } from '../../server/texts';

/** How a refusal names a parameter: by its label in the caller's language (server/http/validation-message.ts), else its schema title. */
function labelOf(name: string, property: JsonSchema): string {
  const key = `fieldLabel.${name.toLowerCase()}`;
  const text = translator('en')(key as ServerTextKey);
  return text !== key ? text : ((property as { title?: string }).title ?? name);
}

let server: TestServer;
let api: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  api = await server.signedIn('root.admin');
});
afterAll(() => server.close());

const methods = listMethods();
const faultShape = /^<Fault><Message>[^<]+<\/Message><\/Fault>$/;

describe('the dispatcher', () => {
  it('answers 404 with a Fault for an unknown service or method', async () => {
    for (const [service, method] of [['NoSuchService', 'Anything'], ['Authorization', 'NoSuchMethod'], ['Authorization', 'constructor'], ['__proto__', 'toString']]) {
      const result = await api.call(service, method, {});
      expect(result.status, `${service}/${method}`).toBe(404);
      expect(result.text).toMatch(faultShape);
    }
  });

  it('has a handler for every method of the catalogue: none answers 501 any more', async () => {
    const implemented = new Set(implementedMethods());
    const unbuilt = methods.filter(({ service, method }) => !implemented.has(`${service}/${method}`)).map(({ service, method }) => `${service}/${method}`);
    expect(unbuilt).toEqual([]);
    // Spot check over HTTP: a method without parameters answers, and not with 501.
    const sample = methods.find(({ contract }) => contract.access.kind !== 'public' && Object.keys(contract.params.properties).length === 0)!;
    expect((await api.call(sample.service, sample.method, {})).status).not.toBe(501);
  });

  it('serves an OpenAPI 3.1 document with one operation per method', async () => {
    const response = await fetch(`${server.url}/DataModel/openapi.json`);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\.1/);
    for (const { service, method } of methods) {
      expect(document.paths, `${service}/${method}`).toHaveProperty([`/DataModel/service.svc/rest/${service}/${method}`]);
    }
  });
});

describe.each(methods.map((entry) => [`${entry.service}/${entry.method}`, entry] as const))('%s', (_name, { service, method, contract }) => {
  const path = `/DataModel/service.svc/rest/${service}/${method}`;
  const schema = contract.params as unknown as JsonSchema;

  it('refuses malformed JSON and non-object bodies with 400', async () => {
    for (const body of ['{"oops":', 'not json', '[]', '"text"', '42', 'null']) {
      const result = await api.raw(path, { body });
      expect(result.status, `body ${body}`).toBe(400);
      expect(result.text).toMatch(faultShape);
      expect(result.text).not.toMatch(/at .*\.ts|node_modules|Error:/);
    }
  });

  it('refuses every parameter of the wrong type, and unknown parameters, with 400', async () => {
    const valid = sampleBody(schema);
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const wrong = wrongValue(property);
      if (wrong === undefined) continue;
      const result = await api.call(service, method, { ...valid, [name]: wrong });
      expect(result.status, `${name} = ${JSON.stringify(wrong)}`).toBe(400);
      expect(result.message).toContain(labelOf(name, property));
    }
    const unknown = await api.call(service, method, { ...valid, notAParameter: 1 });
    expect(unknown.status).toBe(400);
  });
});
