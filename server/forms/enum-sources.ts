/**
 * The options of remote enum fields, by source name (layout RemoteEnum.Source).
 * Each source gets the account being edited or the parent of the one being
 * created, and the values of the fields it depends on.
 */
import { SUPPORTED_LOCALES } from '../../contract';
import type { EnumMember } from '../../contract/services/account-schemas';
import type { Queryable } from '../db/db';
import type { Caller } from '../services/context';
import { assignableRoles } from '../services/security/assignable-roles';
import { nearestOrganisationPath } from './organisations';
import type { EnumSourceName } from './enum-source-names';
import { COUNTRY_CODES, CURRENCY_CODES, DATA_CENTERS, REGIONS } from './reference-lists';
import { valueTextIn } from '../services/values/value-texts';

export interface EnumSourceContext {
  db: Queryable;
  locale: string;
  caller: Caller;
  /** The account being edited, or the parent of the one being created (the caller's own place when neither). */
  anchorPath: string;
  dependentValues: Record<string, unknown>;
  searchText?: string | null;
}

type Source = (context: EnumSourceContext) => Promise<EnumMember[]>;

const byName = (locale: string) => (a: EnumMember, b: EnumMember) => a.DisplayName.localeCompare(b.DisplayName, locale);

function displayNames(locale: string, type: 'region' | 'currency' | 'language'): Intl.DisplayNames {
  return new Intl.DisplayNames([locale, 'en'], { type, fallback: 'code' });
}

const SOURCES: Record<EnumSourceName, Source> = {
  async Countries({ locale }) {
    const names = displayNames(locale, 'region');
    return Object.entries(COUNTRY_CODES)
      .map(([english, code]) => ({ Value: english, DisplayName: names.of(code) ?? english }))
      .sort(byName(locale));
  },
  async Regions({ dependentValues }) {
    const code = COUNTRY_CODES[String(dependentValues.Country ?? '')];
    return (REGIONS[code] ?? []).map((region) => ({ Value: region, DisplayName: region }));
  },
  async Currencies({ locale }) {
    const names = displayNames(locale, 'currency');
    return CURRENCY_CODES.map((code) => ({ Value: code, DisplayName: `${names.of(code) ?? code} (${code})` })).sort(byName(locale));
  },
  async Languages({ locale }) {
    const names = displayNames(locale, 'language');
    return SUPPORTED_LOCALES.map((code) => ({ Value: code, DisplayName: names.of(code) ?? code })).sort(byName(locale));
  },
  async CompanyUsers({ db, anchorPath }) {
    const company = await nearestOrganisationPath(db, anchorPath);
    const rows = await db.query<{ id: number; display_name: string }>(
      `SELECT id, display_name FROM accounts
        WHERE account_type = 'User' AND state <> 'Terminated' AND path LIKE $1 || '/%'
        ORDER BY lower(display_name) LIMIT 1000`,
      [company],
    );
    return rows.map((row) => ({ Value: Number(row.id), DisplayName: row.display_name }));
  },
  async Roles({ db, anchorPath, caller, locale }) {
    const roles = await assignableRoles(db, anchorPath, caller.loaded.user.Capability);
    // Seeded roles by their name in the user's language (value kind systemRole); roles made by users as named.
    return roles.map((role) => ({ Value: role.id, DisplayName: valueTextIn(locale, 'systemRole', role.name) }));
  },
  async Products({ db, searchText }) {
    const rows = await db.query<{ display_name: string }>(
      `SELECT display_name FROM services WHERE $1::text IS NULL OR lower(display_name) LIKE '%' || lower($1) || '%'
        ORDER BY lower(display_name) LIMIT 500`,
      [searchText?.trim() || null],
    );
    return rows.map((row) => ({ Value: row.display_name, DisplayName: row.display_name }));
  },
  async DataCenters({ dependentValues }) {
    return (DATA_CENTERS[String(dependentValues.HostingRegion ?? '')] ?? []).map((center) => ({ Value: center.code, DisplayName: center.name }));
  },
};

export function enumOptions(source: EnumSourceName, context: EnumSourceContext): Promise<EnumMember[]> {
  return SOURCES[source](context);
}
