import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Test databases are copies of one migrated, seeded template made once per run:
 * a PGlite folder copied (a fresh PGlite takes ~4 s, a copy opens in ~0.3 s), or,
 * with TEST_DATABASE_URL, a PostgreSQL `CREATE DATABASE ... TEMPLATE`.
 */
export interface TestDatabase {
  databaseUrl?: string;
  dataDir: string;
  drop(): Promise<void>;
}

export function databaseUrlFor(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(baseUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function copyTemplateDatabase(template: { dataDir?: string; pgTemplate?: string; pgBaseUrl?: string }): Promise<TestDatabase> {
  const scratch = mkdtempSync(join(tmpdir(), 'portal-test-'));
  if (template.pgTemplate && template.pgBaseUrl) {
    const name = `portal_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(template.pgBaseUrl, `CREATE DATABASE ${name} TEMPLATE ${template.pgTemplate}`);
    return {
      databaseUrl: databaseUrlFor(template.pgBaseUrl, name),
      dataDir: scratch,
      async drop() {
        await adminQuery(template.pgBaseUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        rmSync(scratch, { recursive: true, force: true });
      },
    };
  }
  if (!template.dataDir || !existsSync(template.dataDir)) throw new Error('no template database: run through vitest --project api');
  const dataDir = join(scratch, 'data');
  cpSync(template.dataDir, dataDir, { recursive: true });
  rmSync(join(dataDir, 'portal.lock'), { force: true });
  return {
    dataDir,
    async drop() {
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

export { adminQuery };
