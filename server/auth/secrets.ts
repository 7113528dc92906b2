import { randomBytes } from 'node:crypto';
import type { Db } from '../db/db';

/**
 * A server secret kept in the database, so every instance on the same database
 * signs and checks with the same key. Created on first use.
 */
export async function serverSecret(db: Db, name: string): Promise<Buffer> {
  await db.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    name,
    randomBytes(32).toString('base64'),
  ]);
  const row = await db.one<{ value: string }>('SELECT value FROM settings WHERE key = $1', [name]);
  return Buffer.from(row!.value, 'base64');
}
