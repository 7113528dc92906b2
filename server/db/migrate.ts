import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './db';

const migrationsDir = join(import.meta.dirname, 'migrations');

/** The migrations of this build not applied to the database yet (readiness: /health/ready). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name));
  return readdirSync(migrationsDir).filter((name) => name.endsWith('.sql') && !done.has(name));
}

/** Applies every migrations/*.sql not applied yet, in name order, each in its own transaction. */
export async function migrate(db: Db): Promise<string[]> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const files = readdirSync(migrationsDir).filter((name) => name.endsWith('.sql')).sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    // Several server instances may start at once on one PostgreSQL.
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(727001)');
    // A migration may rewrite a large table: the server's statement timeout does not apply to it.
    if (db.kind === 'postgres') await tx.query('SET LOCAL statement_timeout = 0');
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name));
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.exec(readFileSync(join(migrationsDir, file), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
  });
  return applied;
}
