import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

type SupportDetails = Record<string, string | null>;

let server: TestServer;
let custom: TestServer;
const dir = mkdtempSync(join(tmpdir(), 'portal-branding-'));
beforeAll(async () => {
  // A second server whose operator configured other contacts, one of them unsafe.
  const brandingFile = join(dir, 'branding.json');
  writeFileSync(
    brandingFile,
    JSON.stringify({
      support_url: 'javascript:alert(1)',
      imprint_url: 'https://operator.example/imprint',
      support_contact_info: { phone_number: '+1 555 0100', email: 'help@operator.example' },
      support_button_text: 'Talk to us',
    }),
  );
  [server, custom] = await Promise.all([startTestServer(), startTestServer({ brandingFile })]);
});
afterAll(async () => {
  await Promise.all([server.close(), custom.close()]);
  rmSync(dir, { recursive: true, force: true });
});

async function supportDetails(target: TestServer, user: string): Promise<SupportDetails> {
  const api = await target.signedIn(user);
  const result = await api.call<SupportDetails>('Account', 'GetSupportDetails');
  expect(result.status).toBe(200);
  return result.body;
}

describe('Account/GetSupportDetails', () => {
  it("gives the root's users the operator's contacts from the branding file, every field of spec §3", async () => {
    const details = await supportDetails(server, 'root.admin');
    expect(Object.keys(details).sort()).toEqual(
      [
        'SupportUrl', 'KnowledgeBaseUrl', 'Imprint', 'SupportPhoneNumber', 'SupportTechnicalEmail', 'SupportWorkingHoursRegular',
        'SupportWorkingDaysRegular', 'SupportWorkingHoursOthers', 'SupportWorkingDaysOthers', 'SupportButtonText',
        'SupportSalesPhoneNumber', 'SupportSalesEmail', 'SupportBillingPhoneNumber', 'SupportBillingEmail',
      ].sort(),
    );
    expect(details).toMatchObject({
      SupportUrl: 'https://support.cloud-marketplace.example/',
      SupportPhoneNumber: '+44 20 7946 0000',
      SupportTechnicalEmail: 'support@cloud-marketplace.example',
      SupportWorkingDaysRegular: 'Monday to Friday',
      SupportWorkingHoursRegular: '08:00-18:00',
      SupportSalesEmail: 'sales@cloud-marketplace.example',
      SupportButtonText: null,
    });
  });

  it("gives a reseller's customers the reseller's contacts, the operator's where the reseller has none", async () => {
    const details = await supportDetails(server, 'basic.user');
    expect(details.SupportTechnicalEmail).toMatch(/^support@.*northwind/);
    expect(details.SupportPhoneNumber).toBe('+31 20 794 6100');
    expect(details.KnowledgeBaseUrl).toMatch(/^https:\/\/help\..*northwind/);
    // Northwind sets no imprint or support URL: the operator's show through.
    expect(details.Imprint).toBe('https://www.cloud-marketplace.example/imprint');
    expect(details.SupportUrl).toBe('https://support.cloud-marketplace.example/');
  });

  it('drops links that are not web addresses and leaves absent fields null', async () => {
    const details = await supportDetails(custom, 'root.admin');
    expect(details).toMatchObject({
      SupportUrl: null,
      Imprint: 'https://operator.example/imprint',
      SupportPhoneNumber: '+1 555 0100',
      SupportButtonText: 'Talk to us',
      SupportBillingEmail: null,
    });
  });

  it('needs a session', async () => {
    const anonymous = await server.client();
    expect((await anonymous.call('Account', 'GetSupportDetails')).status).toBe(401);
  });
});
