// The baseline: a bare fastify route answering a session user JSON of the same size.
import Fastify from 'fastify';

const body = JSON.parse(process.env.BENCH_BODY ?? '{}') as unknown;
const app = Fastify({ logger: false });
app.post('/DataModel/service.svc/rest/Authorization/GetCurrentUser', async () => body);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ url: address });
