/**
 * Traces (issue 25): with OTEL_EXPORTER_OTLP_ENDPOINT set, a service call is one trace, a server
 * span named after the method with the SQL statements it ran as children, exported over
 * OTLP/HTTP JSON to a small receiver in this test; the request id the caller sees is the trace id.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string; boolValue?: boolean } }[];
}
interface OtlpExport {
  resourceSpans: { resource: { attributes: OtlpSpan['attributes'] }; scopeSpans: { spans: OtlpSpan[] }[] }[];
}

const SPAN_KIND_SERVER = 2;
const SPAN_KIND_CLIENT = 3;
const received: OtlpExport[] = [];
const paths: string[] = [];
let receiver: Server;
let server: TestServer;

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((each) => each.key === key)?.value;
  return value?.stringValue ?? value?.intValue ?? value?.boolValue;
};

beforeAll(async () => {
  // A minimal OTLP/HTTP collector: stores each JSON export and answers 200 {}.
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      paths.push(`${request.method} ${request.url} ${request.headers['content-type']}`);
      received.push(JSON.parse(body) as OtlpExport);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server = await startTestServer({ ops: configFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_SERVICE_NAME: 'portal-under-test' }).ops });
});
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('traces over OTLP/HTTP', () => {
  it('export one trace per service call: the method span with its SQL statements as children, its id as the request id', async () => {
    const api = await server.client();
    const signedIn = await api.signIn('company.admin', DEMO_PASSWORD);
    expect(signedIn.status).toBe(200);
    const requestId = signedIn.headers.get('x-request-id')!;
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    // Shutting down flushes what the batch processor still holds.
    await server.close();

    expect(paths.length).toBeGreaterThan(0);
    expect(paths[0]).toBe('POST /v1/traces application/json');
    const resource = received[0].resourceSpans[0].resource.attributes.find((each) => each.key === 'service.name');
    expect(resource?.value.stringValue).toBe('portal-under-test');
    const spans = received.flatMap((each) => each.resourceSpans.flatMap((resourceSpans) => resourceSpans.scopeSpans.flatMap((scope) => scope.spans)));

    const trace = spans.filter((span) => span.traceId === requestId);
    const root = trace.find((span) => !span.parentSpanId);
    expect(root).toMatchObject({ name: 'Authorization/Authenticate', kind: SPAN_KIND_SERVER });
    expect(Number(attribute(root!, 'http.response.status_code'))).toBe(200);
    const statements = trace.filter((span) => span.parentSpanId === root!.spanId);
    expect(statements.length).toBeGreaterThanOrEqual(3);
    expect(statements.every((span) => span.kind === SPAN_KIND_CLIENT && attribute(span, 'db.system') === 'postgresql')).toBe(true);
    expect(statements.map((span) => String(attribute(span, 'db.query.text')))).toEqual(expect.arrayContaining([expect.stringContaining('FROM users WHERE lower(username)')]));
    // Nothing else hangs off the trace: every span of it is the root or one of its statements.
    expect(trace.length).toBe(statements.length + 1);

    // Background job steps that found nothing to do are not exported; any job trace did work.
    for (const job of spans.filter((span) => span.name.startsWith('job '))) expect(attribute(job, 'portal.job.worked')).toBe(true);
  });
});
