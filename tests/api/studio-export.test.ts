/**
 * Definition studio export: the published versions written back over their
 * files (copies of screen-definitions/layouts and screen-definitions here), for git.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

const root = resolve(import.meta.dirname, '../..');
const folder = mkdtempSync(join(tmpdir(), 'studio-export-'));
const layouts = join(folder, 'layouts');
const definitions = join(folder, 'screen-definitions');
const previousLayoutsDir = process.env.PORTAL_LAYOUTS_DIR;
let server: TestServer;

beforeAll(async () => {
  cpSync(join(root, 'screen-definitions/layouts'), layouts, { recursive: true });
  cpSync(join(root, 'screen-definitions/screens'), definitions, { recursive: true });
  process.env.PORTAL_LAYOUTS_DIR = layouts;
  server = await startTestServer({ definitionsDir: definitions });
});
afterAll(async () => {
  await server?.close();
  if (previousLayoutsDir === undefined) delete process.env.PORTAL_LAYOUTS_DIR;
  else process.env.PORTAL_LAYOUTS_DIR = previousLayoutsDir;
  rmSync(folder, { recursive: true, force: true });
});

it('writes the published layouts and screen definitions over their files; platform administrators only', async () => {
  const admin = await server.signedIn('root.admin');
  const file = await admin.call<{ Source: string }>('Studio', 'GetDefinition', { kind: 'layout', name: 'products/cloud-backup' });
  const layout = JSON.parse(file.body.Source) as { MetaRules: { MaxQuantity: number } };
  layout.MetaRules.MaxQuantity = 75;
  const saved = await admin.call<{ Version: number }>('Studio', 'SaveDefinitionDraft', { kind: 'layout', name: 'products/cloud-backup', baseVersion: 0, source: JSON.stringify(layout) });
  expect((await admin.call('Studio', 'PublishDefinition', { kind: 'layout', name: 'products/cloud-backup', version: saved.body.Version })).status).toBe(200);
  // A draft is not exported.
  const screen = await admin.call<{ Source: string }>('Studio', 'GetDefinition', { kind: 'screen', name: 'imports' });
  await admin.call('Studio', 'SaveDefinitionDraft', { kind: 'screen', name: 'imports', baseVersion: 0, source: screen.body.Source });

  const vendor = await server.signedIn('vendor.admin');
  expect((await vendor.call('Studio', 'ExportDefinitions')).status).toBe(403);

  const exported = await admin.call<{ Kind: string; Name: string; Version: number; File: string }[]>('Studio', 'ExportDefinitions');
  expect(exported.status, exported.text).toBe(200);
  expect(exported.body.map((entry) => [entry.Kind, entry.Name, entry.Version])).toEqual([['layout', 'products/cloud-backup', 1]]);
  const written = JSON.parse(readFileSync(join(layouts, 'products/cloud-backup.json'), 'utf8')) as typeof layout;
  expect(written.MetaRules.MaxQuantity).toBe(75);
  expect(readFileSync(join(root, 'screen-definitions/layouts/products/cloud-backup.json'), 'utf8')).not.toContain('"MaxQuantity": 75');
});
