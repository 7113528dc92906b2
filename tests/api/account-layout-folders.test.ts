/**
 * Adding a product is adding a file: a layout in another folder
 * (PORTAL_LAYOUTS_DIR, several folders like PATH) is served and saved by a
 * restarted server; a broken layout makes the server refuse layouts with a
 * clear text instead of serving half of them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ViewLayout } from '../../contract/services/account-schemas';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';
import { kubernetes } from '../support/kubernetes-layout';
import { companyIdOf } from './account-support';

const folder = mkdtempSync(join(tmpdir(), 'extra-layouts-'));
const shipped = resolve(import.meta.dirname, '../../screen-definitions/layouts');
const previous = process.env.PORTAL_LAYOUTS_DIR;
let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
  process.env.PORTAL_LAYOUTS_DIR = previous;
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('layout folders', () => {
  it('serves and saves a product added as a file in a second folder', async () => {
    writeFileSync(join(folder, 'kubernetes.json'), JSON.stringify(kubernetes));
    process.env.PORTAL_LAYOUTS_DIR = [shipped, folder].join(delimiter);
    server = await startTestServer();
    const api = await server.signedIn('company.admin');
    const layout = await api.call<ViewLayout>('Account', 'GetViewLayout', { accountType: 'Product', action: 'CREATE', productName: 'Managed Kubernetes Cluster' });
    expect(layout.status).toBe(200);
    expect(layout.body.Pages[0].Containers.map((container) => container.DisplayValue)).toEqual(['Subscription details', 'Cluster settings']);

    const german = await server.client('de');
    await german.signIn('company.admin', DEMO_PASSWORD);
    const inGerman = await german.call<ViewLayout>('Account', 'GetViewLayout', { accountType: 'Product', action: 'EDIT', productName: 'Managed Kubernetes Cluster' });
    const fields = inGerman.body.Pages[0].Containers[1].Fields;
    // German where the file has it, English otherwise.
    expect(fields.map((field) => field.DisplayValue)).toEqual(['Cluster name', 'Worker-Knoten', 'Kubernetes version']);

    const contosoId = await companyIdOf(api);
    const refused = await api.call('Account', 'CreateAccount', { parentAccountId: contosoId, accountType: 'Product', productName: 'Managed Kubernetes Cluster', viewValues: { Values: { Quantity: 1, ClusterName: 'Prod!' } } });
    expect(refused.message).toBe('Please check the field Cluster name: The format is invalid.');
    const created = await api.call<{ Views: { Values: Record<string, unknown> } }>('Account', 'CreateAccount', {
      parentAccountId: contosoId,
      accountType: 'Product',
      productName: 'Managed Kubernetes Cluster',
      viewValues: { Values: { Quantity: 1, ClusterName: 'prod-eu' } },
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body.Views.Values).toMatchObject({ ClusterName: 'prod-eu', NodeCount: 3, KubernetesVersion: '1.32', ProductName: 'Managed Kubernetes Cluster' });
  });

  it('a new account type is a layout file too', async () => {
    const site = {
      $schema: 'layout.schema.json',
      AccountType: 'Site',
      Capability: 'DEPARTMENT_ACCOUNT',
      Actions: ['VIEW', 'EDIT', 'CREATE'],
      ParentTypes: ['Company'],
      DisplayName: '{SiteName}',
      IdentificatorPrefix: 'ST',
      Pages: [{ Id: 1, Name: 'Site', Label: 'site.page', Containers: [{ Name: 'Site', Fields: [
        { Name: 'SiteName', Label: 'site.name', Required: true, MaxLength: 64 },
        { Name: 'Desks', Label: 'site.desks', Type: 'Integer', Minimum: 1 },
      ] }] }],
      Texts: { en: { 'site.page': 'Site', 'site.name': 'Site name', 'site.desks': 'Desks' } },
    };
    writeFileSync(join(folder, 'site.json'), JSON.stringify(site));
    process.env.PORTAL_LAYOUTS_DIR = [shipped, folder].join(delimiter);
    server = await startTestServer();
    const api = await server.signedIn('company.admin');
    const contosoId = await companyIdOf(api);
    const created = await api.call<{ AccountId: number; AccountType: string; Views: { Values: Record<string, unknown> } }>('Account', 'CreateAccount', {
      parentAccountId: contosoId,
      accountType: 'Site',
      viewValues: { Values: { SiteName: 'Leeds office', Desks: 40 } },
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({ AccountType: 'Site', Views: { Values: { DisplayName: 'Leeds office', Desks: 40 } } });
    expect(created.body.Views.Values.AccountIdentificator).toMatch(/^ST-\d+$/);
    const updated = await api.call('Account', 'UpdateAccount', { accountId: created.body.AccountId, viewValues: { Values: { Desks: 0 } } });
    expect(updated.message).toBe('Please check the field Desks: Enter a value of at least 1.');
  });

  it('refuses to serve layouts while a layout file is broken', async () => {
    rmSync(join(folder, 'site.json'), { force: true });
    writeFileSync(join(folder, 'kubernetes.json'), JSON.stringify({ ...kubernetes, Pages: [{ ...kubernetes.Pages[0], Label: 'k8s.missing' }] }));
    process.env.PORTAL_LAYOUTS_DIR = [shipped, folder].join(delimiter);
    server = await startTestServer();
    const api = await server.signedIn('company.admin');
    const result = await api.call('Account', 'GetViewLayout', { accountType: 'Company' });
    expect(result.status).toBe(500);
    expect(result.message).toBe('The view layouts of this server are invalid. Please contact the operator.');
  });
});
