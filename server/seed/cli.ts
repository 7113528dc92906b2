/**
 * `npm run seed -- [--reset] [--scale large] [--accounts N] [--requests N]`
 *
 * Seeds the database named by the environment (DATABASE_URL, else the PGlite
 * folder PORTAL_DATA_DIR): demo data always (a no-op when present), benchmark
 * volumes with --scale large. --reset drops every table first.
 */
import { parseArgs } from 'node:util';
import { configFromEnv } from '../config';
import type { Db } from '../db/db';
import { DataDirLockedError } from '../db/data-dir-lock';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { seedDemoData } from './demo';
import { LARGE_SEEDED_KEY, seedLargeVolumes } from './large';

/** Quotes added by --scale large (issue 14's benchmark volume). */
const LARGE_QUOTES = 100_000;

const USAGE = `Usage: npm run seed -- [--reset] [--scale large] [--accounts N] [--requests N]
  --reset          drop all tables and data, migrate again, then seed
  --scale large    also add benchmark volumes below Northwind Cloud
  --accounts N     accounts for --scale large (default 100000)
  --requests N     provisioning requests for --scale large (default 1000000)`;

const DEFAULT_LARGE_ACCOUNTS = 100_000;
const DEFAULT_LARGE_REQUESTS = 1_000_000;

/** Bad command-line arguments: printed with the usage text. */
class UsageError extends Error {}

interface CliOptions {
  reset: boolean;
  large: boolean;
  accounts: number;
  requests: number;
}

function parseCli(argv: string[]): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      reset: { type: 'boolean', default: false },
      scale: { type: 'string' },
      accounts: { type: 'string' },
      requests: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (values.scale !== undefined && values.scale !== 'large') throw new UsageError(`Unknown --scale ${values.scale}: only "large" exists.`);
  const count = (value: string | undefined, fallback: number, name: string) => {
    if (value === undefined) return fallback;
    const parsed = Number(value.replace(/_/g, ''));
    if (!Number.isInteger(parsed) || parsed < 0) throw new UsageError(`--${name} must be a whole number, got "${value}".`);
    return parsed;
  };
  return {
    reset: values.reset,
    large: values.scale === 'large',
    accounts: count(values.accounts, DEFAULT_LARGE_ACCOUNTS, 'accounts'),
    requests: count(values.requests, DEFAULT_LARGE_REQUESTS, 'requests'),
  };
}

/** The connection string without its password, for printing. */
function describeTarget(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return `PGlite in ${dataDir}`;
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return `PostgreSQL ${url.toString()}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

async function resetDatabase(db: Db): Promise<void> {
  await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  await migrate(db);
}

async function printCounts(db: Db): Promise<void> {
  const tables = ['accounts', 'users', 'services', 'marketplaces', 'pricing_rules', 'provisioning_requests', 'imports', 'credit_check_orders', 'custom_charges', 'audit_log'];
  const counts = await db.one<Record<string, number>>(`SELECT ${tables.map((table) => `(SELECT count(*)::int FROM ${table}) AS ${table}`).join(', ')}`);
  console.log(tables.map((table) => `${table} ${(counts?.[table] ?? 0).toLocaleString('en')}`).join(', '));
}

async function main(): Promise<void> {
  const options = parseCli(process.argv.slice(2));
  const config = configFromEnv();
  console.log(`Seeding ${describeTarget(config.databaseUrl, config.dataDir)}`);
  const started = performance.now();
  const database = await timed('Opened and migrated', () => openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const { db } = database;
  try {
    if (options.reset) await timed('Dropped all data and migrated again', () => resetDatabase(db));
    const seeded = await timed('Demo data', () => seedDemoData(db, { demoPassword: config.demoPassword, demoTotpSecret: config.demoTotpSecret }));
    if (!seeded) console.log('  already present, left as is (use --reset to start over)');
    if (options.large) {
      const previous = await db.one<{ value: string }>('SELECT value FROM settings WHERE key = $1', [LARGE_SEEDED_KEY]);
      if (previous) {
        console.log(`Large volumes already present (${previous.value}); use --reset to start over.`);
      } else {
        await timed('Large volumes', () =>
          seedLargeVolumes(db, { accounts: options.accounts, provisioningRequests: options.requests, quotes: LARGE_QUOTES, log: (message) => console.log(`  ${message}`) }),
        );
      }
    }
    await printCounts(db);
    console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError || error instanceof UsageError) {
    console.error(error.message);
    if (error instanceof UsageError) console.error(USAGE);
  } else if (error instanceof Error && 'code' in error && error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    console.error(`${error.message}\n${USAGE}`);
  } else {
    console.error('Seeding failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  }
  process.exitCode = 1;
});
