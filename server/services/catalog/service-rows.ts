/**
 * Reading services for the catalogue methods: one row shape, the texts in a
 * language (English as the fallback), and "whose service is it" (the vendor
 * within the caller's reach).
 */
import type { Static } from '@sinclair/typebox';
import { LOCALIZABLE_FIELDS, type CatalogServiceSchema, type LocalizableField } from '../../../contract/services/catalog-results';
import { isWithin } from '../../auth/access';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import type { Caller } from '../context';

export interface ServiceRow {
  id: number;
  name: string;
  display_name: string;
  vendor_account_id: number;
  vendor_name: string;
  vendor_path: string;
  category: string;
  service_group: string;
  product_number: string;
  vendor_sku: string;
  billing_rule: string;
  fee_type: string;
  currency: string;
  base_fee: number;
  purchase_price: number;
  sales_price: number;
  suggested_retail_price: number;
  tags: string[];
  is_new: boolean;
  icon: string | null;
  modified_at: string | Date;
}

export const SERVICE_COLUMNS = `s.id, s.name, s.display_name, s.vendor_account_id, v.display_name AS vendor_name, v.path AS vendor_path,
  s.category, s.service_group, s.product_number, s.vendor_sku, s.billing_rule, s.fee_type, s.currency, s.base_fee,
  s.purchase_price, s.sales_price, s.suggested_retail_price, s.tags, s.is_new, s.icon, s.modified_at`;

/**
 * A service by its unique name (or, as product accounts carry it, its display
 * name; or, as the route /service/{serviceId} carries it, its id in digits).
 */
export function findService(db: Queryable, name: string): Promise<ServiceRow | undefined> {
  const text = name.trim();
  const id = /^\d{1,15}$/.test(text) ? Number(text) : null;
  return db.one<ServiceRow>(
    `SELECT ${SERVICE_COLUMNS} FROM services s JOIN accounts v ON v.id = s.vendor_account_id
      WHERE s.name = $1 OR s.display_name = $1 OR s.id = $2::bigint
      ORDER BY s.name = $1 DESC, s.display_name = $1 DESC, s.id LIMIT 1`,
    [text, id],
  );
}

/** A service by name that exists: 404 otherwise. */
export async function requireService(db: Queryable, name: string): Promise<ServiceRow> {
  const row = await findService(db, name);
  if (!row) throw fault(404, 'catalog.unknownService', { name });
  return row;
}

/**
 * The services a caller manages, as SQL over `services s` joined to their vendor `v`:
 * the vendor on or below the path in $1 (the caller's AccountPath). One rule for the
 * service tool's list, its dashboard count and managedService below.
 */
export const MANAGED_SERVICES_FROM = `services s JOIN accounts v ON v.id = s.vendor_account_id WHERE (v.path = $1 OR v.path LIKE $1 || '/%')`;

/**
 * A service the caller manages: its vendor is on or below the caller's
 * AccountPath (a vendor's own services; the platform's operators reach all).
 * Anyone else's service answers 404, as an unknown one does: no data, and no
 * hint that it exists.
 */
export async function managedService(db: Queryable, caller: Caller, name: string): Promise<ServiceRow> {
  const row = await findService(db, name);
  if (!row || !isWithin(row.vendor_path, caller.loaded.scopePath)) throw fault(404, 'catalog.unknownService', { name });
  return row;
}

export type FieldTexts = Record<LocalizableField, string>;

/** The stored texts of a service in one language (missing fields absent). */
export async function storedTexts(db: Queryable, serviceId: number, language: string): Promise<Partial<FieldTexts>> {
  const rows = await db.query<{ field: string; value: string }>(
    'SELECT field, value FROM service_localizable_fields WHERE service_id = $1 AND language = $2',
    [serviceId, language],
  );
  return Object.fromEntries(rows.filter((row) => (LOCALIZABLE_FIELDS as readonly string[]).includes(row.field)).map((row) => [row.field, row.value]));
}

/** The English texts: the catalogue's display name unless a text of its own is stored. */
export async function englishTexts(db: Queryable, service: Pick<ServiceRow, 'id' | 'display_name'>): Promise<FieldTexts> {
  const stored = await storedTexts(db, service.id, 'en');
  return {
    DisplayName: stored.DisplayName || service.display_name,
    ShortDescription: stored.ShortDescription ?? '',
    Description: stored.Description ?? '',
    Features: stored.Features ?? '',
  };
}

/** The language part of a locale ("de" of "de-AT"). */
export const languageOf = (locale: string) => locale.slice(0, 2).toLowerCase();

/** The texts shown to a reader of `language`: its translation where there is one, English otherwise. */
export async function textsFor(db: Queryable, service: Pick<ServiceRow, 'id' | 'display_name'>, language: string): Promise<FieldTexts> {
  const english = await englishTexts(db, service);
  if (language === 'en') return english;
  const translated = await storedTexts(db, service.id, language);
  return Object.fromEntries(LOCALIZABLE_FIELDS.map((field) => [field, translated[field] || english[field]])) as FieldTexts;
}

export type CatalogService = Static<typeof CatalogServiceSchema>;

export function catalogService(row: ServiceRow, texts: FieldTexts): CatalogService {
  return {
    Id: Number(row.id),
    Name: row.name,
    DisplayName: texts.DisplayName,
    ShortDescription: texts.ShortDescription,
    Description: texts.Description,
    Features: texts.Features,
    VendorAccountId: Number(row.vendor_account_id),
    VendorName: row.vendor_name,
    Category: row.category,
    ServiceGroup: row.service_group,
    ProductNumber: row.product_number,
    VendorSku: row.vendor_sku,
    BillingRule: row.billing_rule,
    FeeType: row.fee_type,
    Currency: row.currency,
    BaseFee: Number(row.base_fee),
    SuggestedRetailPrice: Number(row.suggested_retail_price),
    Tags: row.tags,
    IsNew: row.is_new,
    Icon: row.icon,
    ModifyDate: new Date(row.modified_at).toISOString(),
  };
}

/** Subscriptions of a service: product accounts ordered from it that are not terminated. */
export const SUBSCRIPTIONS_COUNT_SQL = `
  SELECT count(*)::int AS n FROM accounts a
   WHERE a.account_type = 'Product' AND a.state <> 'Terminated' AND a.product_name IN ($1, $2)`;

export async function subscriptionsCount(db: Queryable, service: Pick<ServiceRow, 'name' | 'display_name'>): Promise<number> {
  const row = await db.one<{ n: number }>(SUBSCRIPTIONS_COUNT_SQL, [service.name, service.display_name]);
  return Number(row?.n ?? 0);
}
