/**
 * Definition studio across server instances: a layout published on one
 * instance is served by another on the same PostgreSQL database without a
 * restart (LISTEN/NOTIFY); how soon (goal: within one second) is measured by
 * `npm run bench -- timings` (studioFanout). PGlite has one instance per data
 * folder: there the publishing instance serves it at once (studio-definitions).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/server';
import { ApiClient } from '../support/api-client';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

const onPostgres = Boolean(inject('pgBaseUrl'));
const NAME = 'products/virtual-private-server';
type Served = { Pages: { Containers: { Fields: { Name: string }[] }[] }[] };

describe.runIf(onPostgres)('publish reaches every instance on PostgreSQL', () => {
  let first: TestServer;
  let second: RunningServer;

  beforeAll(async () => {
    first = await startTestServer();
    second = await startServer({ ...first.server.config, port: 0, seedDemo: false });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  async function fieldsOn(api: ApiClient): Promise<string[]> {
    const result = await api.call<Served>('Account', 'GetViewLayout', { accountType: 'Product', action: 'VIEW', productName: 'Virtual Private Server S' });
    return result.body.Pages.flatMap((page) => page.Containers.flatMap((container) => container.Fields.map((field) => field.Name)));
  }

  async function waitFor(api: ApiClient, present: boolean): Promise<void> {
    const started = performance.now();
    while (performance.now() - started < 20_000) {
      if ((await fieldsOn(api)).includes('StudioFanout') === present) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the second instance did not follow');
  }

  it('serves a publish and a rollback made on the first instance from the second', async () => {
    const admin = await first.signedIn('root.admin');
    const other = await new ApiClient(second.url).open();
    expect((await other.signIn('company.admin', DEMO_PASSWORD)).status).toBe(200);
    expect(await fieldsOn(other)).not.toContain('StudioFanout');

    const file = await admin.call<{ Source: string }>('Studio', 'GetDefinition', { kind: 'layout', name: NAME });
    const layout = JSON.parse(file.body.Source) as { Pages: { Containers: { Fields: object[] }[] }[]; Texts?: Record<string, Record<string, string>> };
    layout.Pages[0].Containers[0].Fields.push({ Name: 'StudioFanout', Label: 'forms.field.description' });
    const saved = await admin.call<{ Version: number }>('Studio', 'SaveDefinitionDraft', { kind: 'layout', name: NAME, baseVersion: 0, source: JSON.stringify(layout) });
    expect(saved.status, saved.text).toBe(200);

    expect((await admin.call('Studio', 'PublishDefinition', { kind: 'layout', name: NAME, version: saved.body.Version })).status).toBe(200);
    await waitFor(other, true);

    expect((await admin.call('Studio', 'RollbackDefinition', { kind: 'layout', name: NAME, version: 0 })).status).toBe(200);
    await waitFor(other, false);
  });
});
