import { randomPast, type SeedContext } from './context';
import type { DemoHierarchy, Organisation } from './hierarchy';
import { insertRows } from './sql';

/** Fee types of spec §9. */
export type FeeType = 'base' | 'monthly' | 'one-time' | 'per N months' | 'prepaid N months';

type VendorKey = 'adatum' | 'litware' | 'relecloud';

/**
 * One catalogue entry: [display name, category, service group, fee type,
 * months (for the "N months" fee types), suggested retail price, base fee, tags].
 */
type ServiceDefinition = readonly [string, string, string, FeeType, number | null, number, number, readonly string[]];

const VENDOR_DETAILS: Record<VendorKey, { currency: string; skuPrefix: string; extraTags: readonly string[] }> = {
  adatum: { currency: 'USD', skuPrefix: 'ADT', extraTags: [] },
  litware: { currency: 'GBP', skuPrefix: 'LWS', extraTags: [] },
  relecloud: { currency: 'EUR', skuPrefix: 'RLC', extraTags: ['eu-hosted'] },
};

const CATALOGUE: Record<VendorKey, readonly ServiceDefinition[]> = {
  adatum: [
    ['Microsoft 365 Business Basic', 'Productivity', 'Microsoft 365', 'monthly', null, 6, 0, ['microsoft', 'per-user']],
    ['Microsoft 365 Business Standard', 'Productivity', 'Microsoft 365', 'monthly', null, 12.5, 0, ['microsoft', 'per-user', 'popular']],
    ['Microsoft 365 Business Premium', 'Productivity', 'Microsoft 365', 'monthly', null, 22, 0, ['microsoft', 'per-user', 'popular']],
    ['Microsoft 365 Apps for business', 'Productivity', 'Microsoft 365', 'monthly', null, 8.25, 0, ['microsoft', 'per-user']],
    ['Microsoft 365 E3', 'Productivity', 'Microsoft 365', 'prepaid N months', 12, 36, 0, ['microsoft', 'per-user', 'annual-commitment']],
    ['Exchange Online Plan 1', 'Productivity', 'Microsoft 365', 'monthly', null, 4, 0, ['microsoft', 'email']],
    ['Exchange Online Plan 2', 'Productivity', 'Microsoft 365', 'monthly', null, 8, 0, ['microsoft', 'email']],
    ['Teams Essentials', 'Communication', 'Collaboration', 'monthly', null, 4, 0, ['microsoft', 'per-user']],
    ['Teams Phone Standard', 'Communication', 'Collaboration', 'monthly', null, 8, 0, ['microsoft', 'telephony']],
    ['Adatum Docs Team', 'Productivity', 'Adatum Docs', 'monthly', null, 9, 0, ['new', 'per-user', 'trial']],
    ['Adatum Docs Enterprise', 'Productivity', 'Adatum Docs', 'per N months', 3, 75, 0, ['new', 'per-user']],
    ['Adatum Project Plan 1', 'Productivity', 'Adatum Project', 'monthly', null, 10, 0, ['per-user']],
    ['Adatum Project Plan 3', 'Productivity', 'Adatum Project', 'monthly', null, 30, 0, ['per-user']],
    ['Adatum Visio Plan 2', 'Productivity', 'Adatum Project', 'monthly', null, 15, 0, ['per-user']],
    ['Adatum CRM Sales Professional', 'Productivity', 'Adatum CRM', 'prepaid N months', 12, 65, 0, ['per-user', 'annual-commitment']],
    ['Adatum Contact Center Seat', 'Communication', 'Adatum CRM', 'base', null, 45, 150, ['telephony']],
    ['Adatum Onboarding Workshop', 'Professional services', 'Services', 'one-time', null, 1200, 0, ['consulting']],
    ['Mailbox Migration Service', 'Professional services', 'Services', 'one-time', null, 25, 0, ['consulting', 'email']],
  ],
  litware: [
    ['Litware Endpoint Protection Standard', 'Security', 'Endpoint security', 'monthly', null, 3.5, 0, ['per-device']],
    ['Litware Endpoint Protection Advanced', 'Security', 'Endpoint security', 'monthly', null, 6.9, 0, ['per-device', 'popular']],
    ['Litware Email Security', 'Security', 'Email security', 'monthly', null, 2.8, 0, ['per-user', 'email']],
    ['Litware Firewall as a Service S', 'Security', 'Network security', 'base', null, 49, 99, ['network']],
    ['Litware Firewall as a Service M', 'Security', 'Network security', 'base', null, 99, 149, ['network']],
    ['Litware Firewall as a Service L', 'Security', 'Network security', 'base', null, 189, 199, ['network']],
    ['Litware Password Manager Teams', 'Security', 'Identity', 'monthly', null, 3, 0, ['per-user', 'new']],
    ['Litware Password Manager Business', 'Security', 'Identity', 'monthly', null, 5, 0, ['per-user']],
    ['Litware Security Awareness Training', 'Security', 'Training', 'per N months', 6, 18, 0, ['per-user']],
    ['SSL Certificate DV', 'Security', 'Certificates', 'prepaid N months', 12, 49, 0, ['certificate']],
    ['SSL Certificate OV', 'Security', 'Certificates', 'prepaid N months', 12, 149, 0, ['certificate']],
    ['SSL Certificate EV', 'Security', 'Certificates', 'prepaid N months', 24, 499, 0, ['certificate']],
    ['Litware Vulnerability Scan', 'Security', 'Assessment', 'per N months', 3, 120, 0, ['network']],
    ['Litware Endpoint Backup', 'Backup', 'Endpoint security', 'monthly', null, 4.5, 0, ['per-device']],
    ['Litware Security Assessment', 'Professional services', 'Assessment', 'one-time', null, 2500, 0, ['consulting']],
    ['Litware SOC Monitoring', 'Security', 'Managed security', 'base', null, 900, 500, ['managed', 'new']],
  ],
  relecloud: [
    ['Virtual Private Server S', 'Infrastructure', 'Virtual servers', 'monthly', null, 9.9, 0, ['linux', 'windows']],
    ['Virtual Private Server M', 'Infrastructure', 'Virtual servers', 'monthly', null, 19.9, 0, ['linux', 'windows', 'popular']],
    ['Virtual Private Server L', 'Infrastructure', 'Virtual servers', 'monthly', null, 39.9, 0, ['linux', 'windows']],
    ['Virtual Private Server XL', 'Infrastructure', 'Virtual servers', 'monthly', null, 79.9, 0, ['linux', 'windows']],
    ['Dedicated Server D1', 'Infrastructure', 'Dedicated servers', 'base', null, 149, 99, ['bare-metal']],
    ['Dedicated Server D2', 'Infrastructure', 'Dedicated servers', 'base', null, 249, 99, ['bare-metal']],
    ['Managed Kubernetes Cluster', 'Infrastructure', 'Containers', 'monthly', null, 120, 0, ['managed', 'new']],
    ['Managed PostgreSQL S', 'Infrastructure', 'Databases', 'monthly', null, 29, 0, ['managed']],
    ['Managed PostgreSQL M', 'Infrastructure', 'Databases', 'monthly', null, 69, 0, ['managed']],
    ['Object Storage 1 TB', 'Infrastructure', 'Storage', 'monthly', null, 12, 0, ['storage']],
    ['Load Balancer', 'Infrastructure', 'Networking', 'monthly', null, 15, 0, ['network']],
    ['Static IPv4 Address', 'Infrastructure', 'Networking', 'monthly', null, 2.5, 0, ['network']],
    ['Domain .com Registration', 'Infrastructure', 'Domains', 'prepaid N months', 12, 14, 0, ['domain']],
    ['Domain .eu Registration', 'Infrastructure', 'Domains', 'prepaid N months', 12, 9, 0, ['domain']],
    ['Cloud Backup 100 GB', 'Backup', 'Cloud Backup', 'monthly', null, 4.9, 0, ['storage']],
    ['Cloud Backup 500 GB', 'Backup', 'Cloud Backup', 'monthly', null, 14.9, 0, ['storage', 'popular']],
    ['Cloud Backup 1 TB', 'Backup', 'Cloud Backup', 'monthly', null, 24.9, 0, ['storage']],
    ['Cloud Backup 5 TB', 'Backup', 'Cloud Backup', 'monthly', null, 99, 0, ['storage']],
    ['Microsoft 365 Backup', 'Backup', 'Cloud Backup', 'monthly', null, 2, 0, ['per-user', 'microsoft', 'new']],
    ['Server Backup Agent', 'Backup', 'Cloud Backup', 'monthly', null, 9, 0, ['per-device']],
    ['Disaster Recovery as a Service', 'Backup', 'Disaster recovery', 'per N months', 3, 450, 0, ['managed']],
    ['Server Setup Service', 'Professional services', 'Services', 'one-time', null, 149, 0, ['consulting']],
  ],
};

export interface SeededService {
  id: number;
  displayName: string;
  vendor: Organisation;
  category: string;
  serviceGroup: string;
  feeType: FeeType;
  billingRule: string;
  currency: string;
  purchasePrice: number;
  salesPrice: number;
  suggestedRetailPrice: number;
  productNumber: string;
  tags: readonly string[];
}

function billingRule(feeType: FeeType, months: number | null): string {
  switch (feeType) {
    case 'monthly':
      return 'Monthly';
    case 'base':
      return 'Monthly with base fee';
    case 'one-time':
      return 'One-time';
    case 'per N months':
      return `Every ${months} months`;
    case 'prepaid N months':
      return `Prepaid ${months} months`;
  }
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

const round2 = (value: number) => Math.round(value * 100) / 100;

/** A vendor SKU shaped like a distributor's (12 upper-case letters and digits). */
function vendorSku(ctx: SeedContext): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return Array.from({ length: 12 }, () => ctx.random.pick(alphabet.split(''))).join('');
}

/** Services of the three vendors: purchase < sales ≤ suggested retail price, in the vendor's currency. */
export async function seedCatalogue(ctx: SeedContext, hierarchy: DemoHierarchy): Promise<SeededService[]> {
  const { random } = ctx;
  const vendors: Record<VendorKey, Organisation> = {
    adatum: hierarchy.vendors[0],
    litware: hierarchy.vendors[1],
    relecloud: hierarchy.vendors[2],
  };
  const services: (Omit<SeededService, 'id'> & { name: string; sku: string; baseFee: number; ranking: number; createdAt: string })[] = [];
  for (const vendorKey of Object.keys(CATALOGUE) as VendorKey[]) {
    const details = VENDOR_DETAILS[vendorKey];
    CATALOGUE[vendorKey].forEach(([displayName, category, serviceGroup, feeType, months, srp, baseFee, tags], index) => {
      const salesPrice = round2(srp * random.amount(0.86, 1));
      const purchasePrice = round2(Math.min(salesPrice * random.amount(0.6, 0.85), salesPrice - 0.01));
      services.push({
        name: slug(displayName),
        displayName,
        vendor: vendors[vendorKey],
        category,
        serviceGroup,
        feeType,
        billingRule: billingRule(feeType, months),
        currency: details.currency,
        purchasePrice,
        salesPrice,
        suggestedRetailPrice: srp,
        productNumber: `${details.skuPrefix}-${String(1001 + index).padStart(5, '0')}`,
        sku: vendorSku(ctx),
        tags: [...tags, ...details.extraTags],
        baseFee,
        ranking: random.int(1, 100),
        createdAt: randomPast(ctx, 500, 30),
      });
    });
  }
  const rows = await insertRows(
    ctx.tx,
    'services',
    [
      'name', 'display_name', 'vendor_account_id', 'category', 'service_group', 'product_number', 'vendor_sku', 'billing_rule',
      'fee_type', 'currency', 'base_fee', 'purchase_price', 'sales_price', 'suggested_retail_price', 'tags', 'is_new', 'ranking',
      'created_at', 'modified_at',
    ],
    services.map((service) => [
      service.name, service.displayName, service.vendor.account.id, service.category, service.serviceGroup, service.productNumber,
      service.sku, service.billingRule, service.feeType, service.currency, service.baseFee, service.purchasePrice, service.salesPrice,
      service.suggestedRetailPrice, service.tags, service.tags.includes('new'), service.ranking, service.createdAt,
      randomPast(ctx, 30),
    ]),
  );
  return services.map((service, index) => ({
    id: rows[index].id,
    displayName: service.displayName,
    vendor: service.vendor,
    category: service.category,
    serviceGroup: service.serviceGroup,
    feeType: service.feeType,
    billingRule: service.billingRule,
    currency: service.currency,
    purchasePrice: service.purchasePrice,
    salesPrice: service.salesPrice,
    suggestedRetailPrice: service.suggestedRetailPrice,
    productNumber: service.productNumber,
    tags: service.tags,
  }));
}
