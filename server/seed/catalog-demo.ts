/**
 * Demo catalogue worth exploring (issue 12): a few hundred more services of the
 * three vendors across categories and tags, an image for every service (small
 * SVGs served through /keeper/getimage), and localizable fields in every
 * language of the portal. A PRNG of its own, so the rest of the demo data
 * stays as it was.
 */
import { createHash } from 'node:crypto';
import { SUPPORTED_LOCALES, type Locale } from '../../contract/locales';
import { valueTextIn } from '../services/values/value-texts';
import { RATES_PER_EUR } from './pricing';
import type { SeededService } from './catalogue';
import type { SeedContext } from './context';
import { randomPast } from './context';
import type { DemoHierarchy } from './hierarchy';
import { createRandom } from './random';
import { insertRows } from './sql';

const CATALOG_SEED = 20_261_212;

/** How many services the generator adds. */
export const CATALOG_DEMO_SERVICES = 300;

type Family = { vendor: 0 | 1 | 2; brand: string; category: string; group: string; tags: readonly string[]; srp: [number, number] };

const FAMILIES: readonly Family[] = [
  { vendor: 0, brand: 'Adatum Analytics', category: 'Analytics', group: 'Adatum Analytics', tags: ['per-user', 'reporting'], srp: [8, 60] },
  { vendor: 0, brand: 'Adatum Forms', category: 'Productivity', group: 'Adatum Docs', tags: ['per-user'], srp: [3, 20] },
  { vendor: 0, brand: 'Adatum Meet', category: 'Communication', group: 'Collaboration', tags: ['per-user', 'video'], srp: [4, 25] },
  { vendor: 0, brand: 'Adatum DevOps', category: 'Developer tools', group: 'Adatum DevOps', tags: ['developer', 'per-user'], srp: [6, 45] },
  { vendor: 0, brand: 'Adatum Sign', category: 'Productivity', group: 'Adatum Docs', tags: ['per-user', 'compliance'], srp: [5, 30] },
  { vendor: 1, brand: 'Litware Mail Shield', category: 'Security', group: 'Email security', tags: ['email', 'per-user'], srp: [2, 9] },
  { vendor: 1, brand: 'Litware Zero Trust', category: 'Security', group: 'Network security', tags: ['network', 'managed'], srp: [20, 220] },
  { vendor: 1, brand: 'Litware Identity', category: 'Security', group: 'Identity', tags: ['per-user', 'compliance'], srp: [2, 12] },
  { vendor: 1, brand: 'Litware Backup Vault', category: 'Backup', group: 'Endpoint security', tags: ['per-device', 'storage'], srp: [3, 18] },
  { vendor: 1, brand: 'Litware Audit', category: 'Professional services', group: 'Assessment', tags: ['consulting', 'compliance'], srp: [400, 3000] },
  { vendor: 2, brand: 'Relecloud Compute', category: 'Infrastructure', group: 'Virtual servers', tags: ['linux', 'windows'], srp: [5, 160] },
  { vendor: 2, brand: 'Relecloud Storage', category: 'Infrastructure', group: 'Storage', tags: ['storage'], srp: [3, 90] },
  { vendor: 2, brand: 'Relecloud Database', category: 'Infrastructure', group: 'Databases', tags: ['managed'], srp: [15, 240] },
  { vendor: 2, brand: 'Relecloud Insights', category: 'Analytics', group: 'Analytics', tags: ['reporting', 'managed'], srp: [10, 120] },
  { vendor: 2, brand: 'Relecloud Functions', category: 'Developer tools', group: 'Serverless', tags: ['developer', 'usage-based'], srp: [1, 40] },
  { vendor: 2, brand: 'Relecloud Archive', category: 'Backup', group: 'Cloud Backup', tags: ['storage', 'eu-hosted'], srp: [2, 60] },
];

const EDITIONS = ['Starter', 'Basic', 'Standard', 'Plus', 'Professional', 'Business', 'Premium', 'Enterprise', 'Ultimate', 'Team', 'Advanced', 'Essentials'];
const SIZES = ['', ' S', ' M', ' L', ' XL', ' 2XL'];
const EXTRA_TAGS = ['popular', 'trial', 'annual-commitment', 'eu-hosted', 'ai', 'open-source', 'high-availability'];
const FEE_TYPES = ['monthly', 'monthly', 'monthly', 'base', 'prepaid N months', 'per N months'] as const;
const VENDOR_CURRENCY = ['USD', 'GBP', 'EUR'] as const;
const SKU_PREFIX = ['ADT', 'LWS', 'RLC'] as const;
const PALETTE = ['#5b2a86', '#1565c0', '#00897b', '#ef6c00', '#c62828', '#6a1b9a', '#2e7d32', '#283593', '#ad1457', '#4e342e'];

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const round2 = (value: number) => Math.round(value * 100) / 100;
const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An image path of spec §5's shape: 32 hex characters, then a 23-character file name. */
export function serviceImagePath(serviceName: string): string {
  const hash = createHash('sha256').update(serviceName).digest('hex');
  return `${hash.slice(0, 32)}/${hash.slice(32, 51)}.svg`;
}

/** A small square logo: the service's initials on a colour of its vendor family. */
export function serviceImageSvg(displayName: string, colour: string): string {
  const initials = displayName
    .split(/\s+/)
    .filter((word) => /^[A-Za-z0-9]/.test(word))
    .slice(0, 2)
    .map((word) => word[0].toUpperCase())
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" rx="18" fill="${colour}"/>` +
    `<circle cx="78" cy="18" r="26" fill="#ffffff" fill-opacity="0.14"/>` +
    `<text x="48" y="60" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(initials)}</text>` +
    `</svg>`
  );
}

/**
 * Texts per language, filled from the service's facts: the category and the
 * billing rule in the same language (the value texts of locales/*.json), so a
 * German description never reads "developer tools von Adatum Software".
 */
const TEXTS: Record<Locale, { short: string; description: string; features: string }> = {
  en: {
    short: '{name}: {category} from {vendor}.',
    description: '{name} brings {category} from {vendor} to your company. Billing: {billing}. Set up in minutes, managed from the portal.',
    features: 'Self-service ordering\nUsage reports\n24/7 support by {vendor}',
  },
  de: {
    short: '{name}: {category} von {vendor}.',
    description: '{name} bringt {category} von {vendor} in Ihr Unternehmen. Abrechnung: {billing}. In Minuten eingerichtet, im Portal verwaltet.',
    features: 'Bestellung per Self-Service\nNutzungsberichte\nSupport rund um die Uhr durch {vendor}',
  },
  fr: {
    short: '{name} : {category} par {vendor}.',
    description: '{name} : {category} de {vendor} pour votre entreprise. Facturation : {billing}. Prêt en quelques minutes, géré depuis le portail.',
    features: 'Commande en libre-service\nRapports d’utilisation\nAssistance 24 h/24 par {vendor}',
  },
  es: {
    short: '{name}: {category} de {vendor}.',
    description: '{name}: {category} de {vendor} para su empresa. Facturación: {billing}. Listo en minutos, gestionado desde el portal.',
    features: 'Pedido de autoservicio\nInformes de uso\nSoporte 24/7 de {vendor}',
  },
  it: {
    short: '{name}: {category} di {vendor}.',
    description: '{name}: {category} di {vendor} per la tua azienda. Fatturazione: {billing}. Pronto in pochi minuti, gestito dal portale.',
    features: 'Ordine in self-service\nReport di utilizzo\nAssistenza 24/7 da {vendor}',
  },
  pt: {
    short: '{name}: {category} da {vendor}.',
    description: '{name}: {category} da {vendor} para a sua empresa. Faturação: {billing}. Pronto em minutos, gerido a partir do portal.',
    features: 'Encomenda em self-service\nRelatórios de utilização\nSuporte 24/7 pela {vendor}',
  },
  nl: {
    short: '{name}: {category} van {vendor}.',
    description: '{name}: {category} van {vendor} voor uw bedrijf. Facturering: {billing}. In enkele minuten ingericht, beheerd vanuit het portaal.',
    features: 'Bestellen via selfservice\nGebruiksrapporten\n24/7 ondersteuning door {vendor}',
  },
  pl: {
    short: '{name}: {category} od {vendor}.',
    description: '{name}: {category} od {vendor} dla Twojej firmy. Rozliczenie: {billing}. Gotowe w kilka minut, zarządzane w portalu.',
    features: 'Zamawianie samoobsługowe\nRaporty użycia\nWsparcie 24/7 od {vendor}',
  },
  ru: {
    short: '{name}: {category} от {vendor}.',
    description: '{name}: {category} от {vendor} для вашей компании. Оплата: {billing}. Настраивается за минуты, управляется в портале.',
    features: 'Заказ в режиме самообслуживания\nОтчёты об использовании\nКруглосуточная поддержка от {vendor}',
  },
  bg: {
    short: '{name}: {category} от {vendor}.',
    description: '{name}: {category} от {vendor} за вашата фирма. Фактуриране: {billing}. Готово за минути, управлява се от портала.',
    features: 'Поръчка на самообслужване\nОтчети за използването\nПоддръжка 24/7 от {vendor}',
  },
  ro: {
    short: '{name}: {category} de la {vendor}.',
    description: '{name}: {category} de la {vendor} pentru compania dvs. Facturare: {billing}. Gata în câteva minute, gestionat din portal.',
    features: 'Comandă în regim self-service\nRapoarte de utilizare\nAsistență 24/7 de la {vendor}',
  },
  hu: {
    short: '{name}: {category}, szállító: {vendor}.',
    description: '{name}: {category} a cége számára, szállító: {vendor}. Számlázás: {billing}. Percek alatt beállítható, a portálon kezelhető.',
    features: 'Önkiszolgáló rendelés\nHasználati jelentések\nÉjjel-nappali támogatás: {vendor}',
  },
  fi: {
    short: '{name}: {category}, toimittaja {vendor}.',
    description: '{name}: {category} yrityksellesi, toimittaja {vendor}. Laskutus: {billing}. Käyttövalmis minuuteissa, hallinta portaalissa.',
    features: 'Tilaus itsepalveluna\nKäyttöraportit\nYmpärivuorokautinen tuki: {vendor}',
  },
  sv: {
    short: '{name}: {category} från {vendor}.',
    description: '{name}: {category} från {vendor} för ditt företag. Fakturering: {billing}. Klart på några minuter, hanteras i portalen.',
    features: 'Beställning via självservice\nAnvändningsrapporter\nSupport dygnet runt från {vendor}',
  },
  tr: {
    short: '{name}: {vendor} tarafından {category}.',
    description: '{name}: şirketiniz için {vendor} tarafından {category}. Faturalama: {billing}. Dakikalar içinde kurulur, portaldan yönetilir.',
    features: 'Self servis sipariş\nKullanım raporları\n{vendor} tarafından 7/24 destek',
  },
};

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_m, key: string) => values[key] ?? '');

/** The facts a description names, in the language: German keeps its nouns capitalised, the others read the category mid-sentence. */
function textValues(language: Locale, service: { display_name: string; vendor_name: string; category: string; billing_rule: string }) {
  const category = valueTextIn(language, 'category', service.category);
  return {
    name: service.display_name,
    vendor: service.vendor_name,
    category: language === 'de' ? category : category.toLocaleLowerCase(language),
    billing: valueTextIn(language, 'billingRule', service.billing_rule),
  };
}

/** A service's short description, description and features in a language. */
export function serviceTexts(language: Locale, service: Parameters<typeof textValues>[1]): { ShortDescription: string; Description: string; Features: string } {
  const texts = TEXTS[language];
  const values = textValues(language, service);
  return { ShortDescription: fill(texts.short, values), Description: fill(texts.description, values), Features: fill(texts.features, values) };
}

function billingRule(feeType: string, months: number): string {
  if (feeType === 'monthly') return 'Monthly';
  if (feeType === 'base') return 'Monthly with base fee';
  if (feeType === 'per N months') return `Every ${months} months`;
  return `Prepaid ${months} months`;
}

/**
 * Adds the generated services (a share of them to the demo pricelists, so
 * Explore shows customers more than a handful), gives every service an image,
 * and writes the localizable fields.
 */
export async function seedCatalogDemo(ctx: SeedContext, hierarchy: DemoHierarchy, existing: readonly SeededService[]): Promise<void> {
  const random = createRandom(CATALOG_SEED);
  const vendors = hierarchy.vendors;
  const taken = new Set(existing.map((service) => service.displayName));
  const generated: { name: string; displayName: string; family: Family; feeType: string; months: number; srp: number; sales: number; purchase: number; baseFee: number; tags: string[]; index: number }[] = [];
  let guard = 0;
  while (generated.length < CATALOG_DEMO_SERVICES && guard++ < 10_000) {
    const family = FAMILIES[generated.length % FAMILIES.length];
    const displayName = `${family.brand} ${random.pick(EDITIONS)}${random.pick(SIZES)}`;
    if (taken.has(displayName)) continue;
    taken.add(displayName);
    const feeType = random.pick(FEE_TYPES);
    const srp = random.amount(family.srp[0], family.srp[1]);
    const sales = round2(srp * random.amount(0.86, 1));
    const purchase = round2(Math.min(sales * random.amount(0.6, 0.85), sales - 0.01));
    const tags = [...family.tags, ...random.sample(EXTRA_TAGS, random.int(0, 2))];
    if (random.chance(0.12)) tags.push('new');
    generated.push({
      name: slug(displayName),
      displayName,
      family,
      feeType,
      months: random.pick([3, 6, 12, 24]),
      srp,
      sales,
      purchase,
      baseFee: feeType === 'base' ? random.pick([49, 99, 149]) : 0,
      tags: [...new Set(tags)],
      index: generated.length,
    });
  }

  const rows = await insertRows(
    ctx.tx,
    'services',
    [
      'name', 'display_name', 'vendor_account_id', 'category', 'service_group', 'product_number', 'vendor_sku', 'billing_rule', 'fee_type',
      'currency', 'base_fee', 'purchase_price', 'sales_price', 'suggested_retail_price', 'tags', 'is_new', 'ranking', 'icon', 'created_at', 'modified_at',
    ],
    generated.map((service) => [
      service.name, service.displayName, vendors[service.family.vendor].account.id, service.family.category, service.family.group,
      `${SKU_PREFIX[service.family.vendor]}-${String(5001 + service.index).padStart(5, '0')}`,
      createHash('md5').update(service.name).digest('hex').slice(0, 12).toUpperCase(),
      billingRule(service.feeType, service.months), service.feeType, VENDOR_CURRENCY[service.family.vendor], service.baseFee, service.purchase,
      service.sales, service.srp, service.tags, service.tags.includes('new'), random.int(1, 100), serviceImagePath(service.name),
      randomPast(ctx, 700, 40), randomPast(ctx, 40),
    ]),
  );

  // Every service gets its image, the catalogue's own ones too.
  const all = await ctx.tx.query<{ id: number; name: string; display_name: string; vendor_account_id: number; category: string; billing_rule: string; vendor_name: string }>(
    `SELECT s.id, s.name, s.display_name, s.vendor_account_id, s.category, s.billing_rule, v.display_name AS vendor_name
       FROM services s JOIN accounts v ON v.id = s.vendor_account_id ORDER BY s.id`,
  );
  const paths = all.map((service) => serviceImagePath(service.name));
  const images = all.map((service, index) => serviceImageSvg(service.display_name, PALETTE[(Number(service.vendor_account_id) * 3 + index) % PALETTE.length]));
  await ctx.tx.query(
    `INSERT INTO service_images (path, content_type, content)
     SELECT p, 'image/svg+xml', convert_to(c, 'UTF8') FROM unnest($1::text[], $2::text[]) AS t(p, c)`,
    [paths, images],
  );
  await ctx.tx.query('UPDATE services SET icon = t.p FROM unnest($1::bigint[], $2::text[]) AS t(id, p) WHERE services.id = t.id AND services.icon IS NULL', [
    all.map((service) => service.id),
    paths,
  ]);

  // Localizable fields in every language of the portal.
  const fieldRows: (string | number)[][] = [];
  for (const service of all) {
    // Two draws per service as before, so the pricelists drawn below stay the same services.
    random.chance(0.7);
    random.chance(0.3);
    for (const language of SUPPORTED_LOCALES) {
      for (const [field, value] of Object.entries(serviceTexts(language, service))) fieldRows.push([service.id, language, field, value]);
    }
  }
  await insertRows(ctx.tx, 'service_localizable_fields', ['service_id', 'language', 'field', 'value'], fieldRows, '');

  // A share of the new services in the demo pricelists: all in the root's global list, some in Northwind's.
  const lists = await ctx.tx.query<{ id: number; name: string; currency: string }>(
    "SELECT id, name, currency FROM marketplaces WHERE name IN ('Cloud Marketplace Global', 'Northwind Standard', 'Northwind Partner UK')",
  );
  const share: Record<string, number> = { 'Cloud Marketplace Global': 1, 'Northwind Standard': 0.5, 'Northwind Partner UK': 0.25 };
  const entries: number[][] = [];
  for (const list of lists) {
    generated.forEach((service, index) => {
      if (random.next() >= (share[list.name] ?? 0)) return;
      const from = VENDOR_CURRENCY[service.family.vendor];
      const converted = (service.sales / (RATES_PER_EUR[from] ?? 1)) * (RATES_PER_EUR[list.currency] ?? 1);
      entries.push([list.id, rows[index].id, round2(converted * random.amount(1, 1.12))]);
    });
  }
  await insertRows(ctx.tx, 'marketplace_services', ['marketplace_id', 'service_id', 'sales_price'], entries, '');
}
