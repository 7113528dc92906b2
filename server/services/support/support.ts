/**
 * Account/GetSupportDetails (spec §3 Support details): who the signed-in user
 * calls for help. A reseller can give its customers its own contacts
 * (support_details rows, migration 0004); the nearest account on the user's
 * path wins, field by field, over the operator's defaults in the branding file.
 */
import { readFile } from 'node:fs/promises';
import type { Static } from '@sinclair/typebox';
import type { SupportDetailsSchema } from '../../../contract/services/account-schemas';
import { requireCaller } from '../context';
import { defineHandlers } from '../define-handlers';

type SupportDetails = Static<typeof SupportDetailsSchema>;
type Field = keyof SupportDetails;

const FIELDS: readonly Field[] = [
  'SupportUrl',
  'KnowledgeBaseUrl',
  'Imprint',
  'SupportPhoneNumber',
  'SupportTechnicalEmail',
  'SupportWorkingHoursRegular',
  'SupportWorkingDaysRegular',
  'SupportWorkingHoursOthers',
  'SupportWorkingDaysOthers',
  'SupportButtonText',
  'SupportSalesPhoneNumber',
  'SupportSalesEmail',
  'SupportBillingPhoneNumber',
  'SupportBillingEmail',
];

/** Fields the client puts into href: web addresses only, never `javascript:`. */
const URL_FIELDS = new Set<Field>(['SupportUrl', 'KnowledgeBaseUrl', 'Imprint']);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function clean(field: Field, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim().slice(0, 512);
  if (!text) return undefined;
  if (URL_FIELDS.has(field) && !/^https?:\/\//i.test(text)) return undefined;
  return text;
}

/** The operator's defaults: the branding file's support keys, in SupportDetails terms. */
export function supportDetailsFromBranding(branding: unknown): Partial<Record<Field, unknown>> {
  if (!isObject(branding)) return {};
  const contact = isObject(branding.support_contact_info) ? branding.support_contact_info : {};
  const sales = isObject(branding.support_sales) ? branding.support_sales : {};
  const billing = isObject(branding.support_billing) ? branding.support_billing : {};
  return {
    SupportUrl: branding.support_url,
    KnowledgeBaseUrl: branding.knowledge_base_url,
    Imprint: branding.imprint_url,
    SupportPhoneNumber: contact.phone_number,
    SupportTechnicalEmail: contact.email,
    SupportWorkingDaysRegular: contact.workdays_main,
    SupportWorkingHoursRegular: contact.workdays_main_time,
    SupportWorkingDaysOthers: contact.workdays_other,
    SupportWorkingHoursOthers: contact.workdays_other_time,
    SupportButtonText: branding.support_button_text,
    SupportSalesPhoneNumber: sales.phone_number,
    SupportSalesEmail: sales.email,
    SupportBillingPhoneNumber: billing.phone_number,
    SupportBillingEmail: billing.email,
  };
}

/** Nearest source first; each field from the first source that has a usable value. */
export function mergeSupportDetails(sources: readonly unknown[]): SupportDetails {
  const result = Object.fromEntries(FIELDS.map((field) => [field, null])) as SupportDetails;
  for (const field of FIELDS) {
    for (const source of sources) {
      const value = isObject(source) ? clean(field, source[field]) : undefined;
      if (value !== undefined) {
        result[field] = value;
        break;
      }
    }
  }
  return result;
}

async function readBranding(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch {
    // The branding script falls back to defaults the same way; no support contacts then.
    return undefined;
  }
}

export const supportHandlers = defineHandlers('Account', {
  async GetSupportDetails(ctx) {
    const caller = requireCaller(ctx);
    const rows = await ctx.db.query<{ details: unknown }>(
      `SELECT sd.details
         FROM unnest(string_to_array($1, '/')) WITH ORDINALITY AS chain(id, ord)
         JOIN support_details sd ON sd.account_id = chain.id::bigint
        ORDER BY chain.ord DESC`,
      [caller.loaded.scopePath],
    );
    const branding = supportDetailsFromBranding(await readBranding(ctx.config.brandingFile));
    return mergeSupportDetails([...rows.map((row) => row.details), branding]);
  },
});
