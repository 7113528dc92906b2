// The real portal server for benchmarks, on its own data (PGlite folder or DATABASE_URL).
import { configFromEnv } from '../../server/config';
import { startServer } from '../../server/server';

const server = await startServer({ ...configFromEnv(), port: 0, host: '127.0.0.1', logLevel: 'warn' });
process.send?.({ url: server.url });
