/**
 * Issue 20 (Trust II), items 9, 13 and 14: what the contract says is what the server does.
 * 9: a body the served schema accepts is not refused for a limit the schema does not state.
 * 13: Admin/ScheduleMaintenance's mode 0 is documented (maintenance begins now) and does that.
 * 14: Studio/PublishDefinition answers a caller out of reach with the reach refusal, whatever
 *     rule the body would also break.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract';
import type { ApiClient } from '../support/api-client';
import { TestSocket } from '../support/realtime-client';
import { sampleBody, type JsonSchema } from '../support/schema-samples';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let admin: ApiClient;

interface OpenApi {
  paths: Record<
    string,
    { post: { requestBody: { content: { 'application/json': { schema: Schema } } }; responses: Record<string, { content?: { 'application/json': { schema: Schema } } }> } }
  >;
}
interface Schema {
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  const?: unknown;
  type?: string;
  minimum?: number;
  maximum?: number;
  description?: string;
}

const PREFIX = '/DataModel/service.svc/rest/';
const served = async () => (await (await fetch(`${server.url}/DataModel/openapi.json`)).json()) as OpenApi;
const bodySchema = (document: OpenApi, path: string) => document.paths[path].post.requestBody.content['application/json'].schema;
const paramsOf = async (service: string, method: string): Promise<Schema> => bodySchema(await served(), `${PREFIX}${service}/${method}`);

/** Does the served document's schema accept the body? */
const accepts = (schema: Schema, body: unknown) => addFormats(new Ajv({ strict: false })).compile(schema)(body);

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('root.admin');
});

afterAll(async () => {
  await server?.close();
});

describe('the limits the server keeps are in the served schema (item 9)', () => {
  it('grids: a range wider than a page is answered with its first 500 rows, an empty range with none, a second sort and a deep jump are refused by the schema', async () => {
    const document = await served();
    // Every grid method: a parameter carrying startRow and endRow.
    const grids = Object.keys(document.paths).flatMap((path) => {
      const schema = bodySchema(document, path);
      const param = Object.entries(schema.properties ?? {}).find(([, value]) => value.properties?.startRow && value.properties?.endRow)?.[0];
      return param ? [{ path, schema, param }] : [];
    });
    expect(grids.length).toBeGreaterThanOrEqual(6);
    const deepOnlyWithCursor: string[] = [];
    for (const { path, schema, param } of grids) {
      if (path.endsWith('/ExportAuditLog')) continue; // a file of every row, not a page
      const base = sampleBody(schema as JsonSchema);
      const call = (query: Record<string, unknown>) => {
        const body = { ...base, [param]: { ...(base[param] as object), ...query } };
        return { valid: accepts(schema, body), answer: admin.raw(path, { body: JSON.stringify(body) }) };
      };
      const wide = call({ startRow: 0, endRow: 2_000 });
      const answer = await wide.answer;
      const rows = (answer.body as { Rows?: unknown[]; TotalCount?: number } | undefined) ?? {};
      expect([path, wide.valid, answer.status], answer.text).toEqual([path, true, 200]);
      expect(rows.Rows?.length ?? 0).toBeLessThanOrEqual(500);
      if ((rows.TotalCount ?? 0) >= 500) expect(rows.Rows).toHaveLength(500);

      const empty = call({ startRow: 7, endRow: 3 });
      const emptyAnswer = await empty.answer;
      expect([path, empty.valid, emptyAnswer.status, (emptyAnswer.body as { Rows?: unknown[] })?.Rows], emptyAnswer.text).toEqual([path, true, 200, []]);

      const twoSorts = call({ startRow: 0, endRow: 50, sortModel: [{ colId: 'a', sort: 'asc' }, { colId: 'b', sort: 'desc' }] });
      const refusal = await twoSorts.answer;
      expect([path, twoSorts.valid, refusal.status], refusal.text).toEqual([path, false, 400]);

      // A jump deep down without a cursor: answered where the schema allows it, refused by the schema where not.
      const deep = call({ startRow: 10_001, endRow: 10_050 });
      const deepAnswer = await deep.answer;
      expect([path, deepAnswer.status], deepAnswer.text).toEqual([path, deep.valid ? 200 : 400]);
      if (!deep.valid) deepOnlyWithCursor.push(path.slice(PREFIX.length));
    }
    expect(deepOnlyWithCursor).toEqual(expect.arrayContaining(['Account/GetAuditLog', 'Provisioning/GetProvisioningRequestsFilter', 'Quotes/ListQuotesWithPagination']));
  }, 120_000);
});

describe('declared answers', () => {
  it('Reporting: the list, the frequent reports and every report run match the result schemas the document declares', async () => {
    const document = await served();
    const resultOf = (method: string) => document.paths[`${PREFIX}Reporting/${method}`].post.responses['200'].content!['application/json'].schema;
    const check = (method: string, body: unknown) => {
      const schema = resultOf(method);
      expect(Object.keys(schema), method).not.toEqual([]);
      const validate = addFormats(new Ajv({ strict: false })).compile(schema);
      expect(validate(body) || validate.errors, method).toBe(true);
    };
    const reports = await admin.call<{ Id: string }[]>('Reporting', 'ListReports');
    expect(reports.body.length).toBeGreaterThan(0);
    check('ListReports', reports.body);
    for (const { Id } of reports.body) {
      const run = await admin.call('Reporting', 'RunReport', { reportId: Id });
      expect(run.status, run.text).toBe(200);
      check('RunReport', run.body);
    }
    check('GetFrequentReports', (await admin.call('Reporting', 'GetFrequentReports')).body);
  }, 60_000);

  it.each([
    ['Account', 'GetUsersForCompany', { accountId: 1 }],
    ['Marketplace', 'ListMarketplaces', {}],
    ['Marketplace', 'GetMarketplace', { marketplaceId: 1 }],
    ['Quotes', 'GetQuotePdf', { quoteId: 1 }],
    ['Marketplace', 'ListCustomersForMarketplace', { marketplaceId: 1 }],
    ['Quotes', 'GetQuotesMetadata', {}],
    ['Marketplace', 'GetServicesForPropagation', { marketplaceId: 1, marketplaceProperties: { PropagationFilters: [] } }],
  ] as const)('%s/%s matches the result schema the document declares', async (service, method, body) => {
    const schema = (await served()).paths[`${PREFIX}${service}/${method}`].post.responses['200'].content!['application/json'].schema;
    expect(Object.keys(schema)).not.toEqual([]);
    const answer = await admin.call(service, method, body);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toBeTruthy();
    const validate = addFormats(new Ajv({ strict: false })).compile(schema);
    expect(validate(answer.body) || validate.errors).toBe(true);
  });
});

describe('declared answers of the quote editor', () => {
  it('customers, groups and priced products match the result schemas the document declares', async () => {
    const document = await served();
    const seller = await server.signedIn('reseller.admin');
    const call = async <T>(method: string, body: object = {}) => {
      const answer = await seller.call<T>('Quotes', method, body);
      expect(answer.status, `${method}: ${answer.text}`).toBe(200);
      const schema = document.paths[`${PREFIX}Quotes/${method}`].post.responses['200'].content!['application/json'].schema;
      expect(Object.keys(schema), method).not.toEqual([]);
      const validate = addFormats(new Ajv({ strict: false })).compile(schema);
      expect(validate(answer.body) || validate.errors, method).toBe(true);
      return answer.body;
    };
    const customers = await call<{ AccountId: number }[]>('ListAvailableCustomers');
    await call('ListQuoteGroups');
    const { Currency, Products } = await call<{ Currency: string; Products: { Name: string }[] }>('LoadCustomerQuoteProducts', { customerAccountId: customers[0].AccountId });
    expect(Products.length).toBeGreaterThan(1);
    const productList = Products.slice(0, 2).map((product) => product.Name);
    await call('LoadQuoteProducts', { currency: Currency, productList });
    await call('ListRecommendedProducts', { productList, parentAccountId: customers[0].AccountId });
  });
});

describe('Admin/ScheduleMaintenance mode 0 (item 13)', () => {
  it('is documented in the served contract as maintenance beginning now, apart from the countdowns', async () => {
    const mode = (await paramsOf('Admin', 'ScheduleMaintenance')).properties!.mode;
    const zero = mode.anyOf!.find((branch) => branch.const === 0);
    expect(zero?.description).toMatch(/begins now/);
    // A countdown starts at 1 s: 0 is not a countdown of no seconds.
    expect(mode.anyOf!.find((branch) => branch.type === 'integer')).toMatchObject({ minimum: 1 });
  });

  it('does what it says: users are told maintenance has begun, the console shows it, off ends it', async () => {
    const api = await server.client();
    const user = (await api.signIn('company.admin', DEMO_PASSWORD)).body as SessionUser;
    const socket = await TestSocket.signedIn(server.url, api, user);
    const told = socket.next('maintenance');
    const asked = Date.now();
    const now = await admin.call<{ Mode: string; SecondsLeft: number; StartsAt: string }>('Admin', 'ScheduleMaintenance', { mode: 0 });
    const answered = Date.now();
    expect(now.status, now.text).toBe(200);
    expect(now.body).toMatchObject({ Mode: 'scheduled', SecondsLeft: 0 });
    // Now: within the call (a second either side for a timestamp written in whole seconds).
    expect(Date.parse(now.body.StartsAt)).toBeGreaterThanOrEqual(asked - 1_000);
    expect(Date.parse(now.body.StartsAt)).toBeLessThanOrEqual(answered + 1_000);
    expect((await told).data).toBe(0);
    const metadata = await admin.call<{ Maintenance: unknown }>('Admin', 'GetMetadata');
    expect(metadata.body.Maintenance).toEqual(now.body);

    const off = socket.next('maintenance');
    expect((await admin.call('Admin', 'ScheduleMaintenance', { mode: 'off' })).body).toEqual({ Mode: 'off' });
    expect((await off).data).toBe(false);
    socket.close();
  });
});

describe('Studio/PublishDefinition checks reach before its rules (item 14)', () => {
  it('answers a vendor the reach refusal for a layout not its own, also for the shipped file (version 0)', async () => {
    const vendor = await server.signedIn('vendor.admin');
    const reach = await vendor.call('Studio', 'GetDefinition', { kind: 'layout', name: 'accounts/company' });
    expect(reach.status).toBe(403);
    for (const version of [0, 1, 999]) {
      const publish = await vendor.call('Studio', 'PublishDefinition', { kind: 'layout', name: 'accounts/company', version });
      expect([version, publish.status, publish.message]).toEqual([version, 403, reach.message]);
    }
  });

  it('answers an unknown definition with 404 before refusing to publish its file', async () => {
    const publish = await admin.call('Studio', 'PublishDefinition', { kind: 'layout', name: 'accounts/no-such-layout', version: 0 });
    expect(publish.status).toBe(404);
  });

  it('still refuses to publish the shipped file of a definition within reach (a rollback serves it)', async () => {
    const publish = await admin.call('Studio', 'PublishDefinition', { kind: 'layout', name: 'accounts/company', version: 0 });
    expect(publish.status).toBe(400);
  });
});
