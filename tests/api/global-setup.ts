import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/open';
import { seedDemoData } from '../../server/seed/demo';
import { DEFAULT_DEMO_PASSWORD, DEFAULT_DEMO_TOTP_SECRET } from '../../server/config';
import { adminQuery, databaseUrlFor } from '../support/test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDataDir: string;
    pgTemplate: string;
    pgBaseUrl: string;
  }
}

/** Builds the seeded template database every API test file copies. */
export default async function setup(project: TestProject) {
  const seedOptions = { demoPassword: DEFAULT_DEMO_PASSWORD, demoTotpSecret: DEFAULT_DEMO_TOTP_SECRET };
  const pgBaseUrl = process.env.TEST_DATABASE_URL ?? '';
  if (pgBaseUrl) {
    const pgTemplate = `portal_tpl_${process.pid}`;
    await adminQuery(pgBaseUrl, `DROP DATABASE IF EXISTS ${pgTemplate} WITH (FORCE)`);
    await adminQuery(pgBaseUrl, `CREATE DATABASE ${pgTemplate}`);
    const { db, close } = await openDatabase({ databaseUrl: databaseUrlFor(pgBaseUrl, pgTemplate) });
    await seedDemoData(db, seedOptions);
    await close();
    project.provide('pgTemplate', pgTemplate);
    project.provide('pgBaseUrl', pgBaseUrl);
    project.provide('templateDataDir', '');
    return async () => adminQuery(pgBaseUrl, `DROP DATABASE IF EXISTS ${pgTemplate} WITH (FORCE)`);
  }
  const root = mkdtempSync(join(tmpdir(), 'portal-template-'));
  const dataDir = join(root, 'data');
  const { db, close } = await openDatabase({ dataDir });
  await seedDemoData(db, seedOptions);
  await close();
  project.provide('templateDataDir', dataDir);
  project.provide('pgTemplate', '');
  project.provide('pgBaseUrl', '');
  return () => rmSync(root, { recursive: true, force: true });
}
