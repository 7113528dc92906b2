/**
 * An audit entry's details (free JSON written by each handler) as one line a
 * person can read in a grid cell or a spreadsheet: `key: value; key: value`.
 * Keys stay as written (they are the event's own field names, in no language).
 * Below it, the same entry as a sentence in the user's language (auditSentence).
 */
import { defuseCell } from '../../../contract/spreadsheet-cells';
import type { ValueKindName } from '../../../contract/value-kinds';
import { translator, type ServerTextKey } from '../../texts';
import { clientText, longDate, valueTextIn } from '../values/value-texts';

/** A cell never gets longer than this; the grid and spreadsheets cope, people do not. */
export const MAX_DETAILS_LENGTH = 2000;
const MAX_DEPTH = 4;

function valueText(value: unknown, depth: number): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (depth >= MAX_DEPTH) return JSON.stringify(value) ?? '';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((item) => valueText(item, depth + 1)).join(', ');
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length === 0 ? '—' : `{${entries.map(([key, item]) => `${key}: ${valueText(item, depth + 1)}`).join(', ')}}`;
  }
  return String(value);
}

export function detailsText(details: unknown): string {
  let text: string;
  if (details !== null && typeof details === 'object' && !Array.isArray(details)) {
    text = Object.entries(details as Record<string, unknown>)
      .map(([key, value]) => `${key}: ${valueText(value, 1)}`)
      .join('; ');
  } else {
    text = details === null || details === undefined ? '' : valueText(details, 1);
  }
  return text.length > MAX_DETAILS_LENGTH ? `${text.slice(0, MAX_DETAILS_LENGTH - 1)}…` : text;
}

/**
 * A CSV field: quoted when needed, and defused (defuseCell: a leading = + - @, tab or CR gets an
 * apostrophe), since details carry user-typed text a spreadsheet would run as a formula.
 */
export function csvField(value: string): string {
  const safe = defuseCell(value);
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

// ---- Readable sentences ---------------------------------------------------

/** A piece of a sentence that opens a page: an account an entry names. */
export interface AuditLink {
  Text: string;
  To: string;
}

export interface AuditSentence {
  text: string;
  links: AuditLink[];
}

/** Names of the accounts an entry's details name by id (looked up for a page at a time). */
export type AccountNames = ReadonlyMap<number, string>;

const lowerFirst = (key: string) => key.charAt(0).toLowerCase() + key.slice(1);

/**
 * Detail keys (any case, as handlers and the seed wrote them) holding an account or user id: the sentence names and links the account.
 * Tested on the key with its first letter raised, so `accountId` names {{account}} as `AccountId` does.
 */
const ACCOUNT_ID_KEY = /^(.*?)(?:AccountId|UserId)$/;
const upperFirst = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

/** Detail keys whose value is a stored value of a kind, translated before it goes into the sentence. */
const VALUE_PARAMS: Readonly<Record<string, ValueKindName>> = {
  accountType: 'accountType',
  importType: 'importType',
  role: 'systemRole',
};

/** Count-like detail keys per action: they become i18next's `count` (plural forms); the first one an entry has wins. */
const COUNT_KEYS = ['count', 'deliveries', 'errors', 'rows', 'changedPrices', 'items', 'usersAffected', 'recipients', 'billedCharges', 'customers', 'services', 'filters', 'updated', 'terminatedAccounts'];

/** Detail keys holding a list whose length is the entry's count (billed charge ids, exported files, …). */
const COUNTED_LISTS = ['charges', 'files', 'accountIds', 'priorities'];

/** Detail keys holding a date (YYYY-MM-DD or an ISO time): shown as a date in the language. */
const DATE_PARAMS = new Set(['terminationDate', 'validUntil', 'lockedUntil', 'periodEnd', 'confirmedOn']);

/** Detail keys ending in AccountId that name something else than an account (a row of an import). */
const NOT_ACCOUNT_KEYS = new Set(['importAccountId', 'ImportAccountId']);

/** A stored date in the language ("1 December 2026"); the value itself when it is no date. */
function dateText(locale: string, value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return value;
  return Number.isNaN(Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value)) ? value : longDate(locale, value);
}

/** A language code ("de") by its name in the language ("German"). */
function languageText(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames(locale, { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Detail values with a text of their own in the client locales (termination reasons). */
function textOfValue(locale: string, action: string, key: string, value: string): string | undefined {
  if (key === 'reason' && action.startsWith('AccountTermin')) return valueTextIn(locale, 'terminationReason', value);
  if (DATE_PARAMS.has(key)) return dateText(locale, value);
  if (key === 'language') return languageText(locale, value);
  return undefined;
}

/** Studio actions whose sentence quotes the author's comment when there is one. */
const COMMENTED = new Set(['DefinitionDraftSaved', 'DefinitionPublished', 'DefinitionRolledBack', 'DefinitionSubmittedForReview']);

/** Which template an entry uses: a variant when its details carry what the variant needs. */
function templateKey(action: string, params: Record<string, string | number>): string {
  if (action === 'AccountUpdated' && 'field' in params && 'newValue' in params) return 'AccountUpdated_change';
  if (action === 'AccountCreated' && 'displayName' in params) return 'AccountCreated_named';
  if (action === 'SignIn' && params.mfa === 'true') return 'SignIn_mfa';
  // Refusals of one caller and method within a minute are one entry with their count (auth/refusal-audit.ts).
  if (action === 'AuthorizationRefused' && typeof params.count === 'number' && params.count > 1) return 'AuthorizationRefused_repeated';
  if (action === 'AccountTerminated' && params.scheduled === 'true') return 'AccountTerminated_scheduled';
  if ((action === 'MfaPolicyUpdated' || action === 'HierarchyMfaPolicyUpdated') && 'isEnforced' in params) return `${action}_${params.isEnforced === 'true' ? 'on' : 'off'}`;
  if (action === 'IpRestrictionsSaved' && params.isEnabled === 'false') return 'IpRestrictionsSaved_off';
  if (action === 'IpRestrictionRefused' && params.phase === 'sign-in') return 'IpRestrictionRefused_signIn';
  if (action === 'PricelistUpdated' && 'jobId' in params) return 'PricelistUpdated_job';
  if (action === 'PricelistUpdateFailed' && params.kind === 'Propagate') return 'PricelistUpdateFailed_propagation';
  if ((action === 'QuoteAccepted' || action === 'QuoteAcceptedOnBehalf') && params.path === 'CreditCheck') return `${action}_creditCheck`;
  if (action === 'QuoteDeclined' && typeof params.reason === 'string' && params.reason !== '') return 'QuoteDeclined_reason';
  if (COMMENTED.has(action) && typeof params.comment === 'string' && params.comment.trim() !== '') return `${action}_comment`;
  return action;
}

const isAccountKey = (key: string) => ACCOUNT_ID_KEY.test(upperFirst(key)) && !NOT_ACCOUNT_KEYS.has(key);

/** Every account id an entry's details name, for one name lookup per page. */
export function accountIdsOf(details: unknown): number[] {
  if (details === null || typeof details !== 'object' || Array.isArray(details)) return [];
  return Object.entries(details as Record<string, unknown>).flatMap(([key, value]) => (isAccountKey(key) && typeof value === 'number' && Number.isSafeInteger(value) ? [value] : []));
}

/**
 * An entry as a sentence in the language (`auditText.<Action>` of the client
 * locales, filled from its details): "Import 14 finished: 20 imported, 3 errors",
 * "VAT number changed from … to …". Field names come from the layouts' labels,
 * stored values from the value-kind registry, accounts by name with a link.
 * An action without a sentence of its own reads as its name and its details.
 */
export function auditSentence(locale: string, action: string, details: unknown, names: AccountNames = new Map()): AuditSentence {
  const params: Record<string, string | number> = {};
  const links: AuditLink[] = [];
  const record = details !== null && typeof details === 'object' && !Array.isArray(details) ? (details as Record<string, unknown>) : {};
  for (const [rawKey, value] of Object.entries(record)) {
    const key = lowerFirst(rawKey);
    const idKey = isAccountKey(rawKey) ? ACCOUNT_ID_KEY.exec(upperFirst(rawKey)) : null;
    if (COUNTED_LISTS.includes(key) && Array.isArray(value) && params.count === undefined) params.count = value.length;
    if (idKey && typeof value === 'number') {
      const name = names.get(value) ?? `#${value}`;
      // TargetUserAccountId and targetUserId both name {{target}}; UserAccountId names {{user}}.
      const group = idKey[1];
      params[lowerFirst(group.replace(/User$/, '')) || (group ? 'user' : 'account')] = name;
      links.push({ Text: name, To: `/account/${value}` });
    } else if (key === 'field' && typeof value === 'string') {
      params.field = fieldLabel(locale, value);
    } else if (key === 'fields' && Array.isArray(value)) {
      params.fields = value.map((field) => fieldLabel(locale, String(field))).join(', ');
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      const kind = VALUE_PARAMS[key === 'type' && action.startsWith('Import') ? 'importType' : key];
      const text = typeof value === 'string' ? textOfValue(locale, action, key, value) : undefined;
      params[key === 'type' && action.startsWith('Import') ? 'importType' : key] =
        text ?? (kind && typeof value === 'string' ? valueTextIn(locale, kind, value) : typeof value === 'boolean' ? String(value) : value);
    } else if (value !== null && value !== undefined) {
      params[key] = valueText(value, 1);
    }
  }
  for (const key of COUNT_KEYS) {
    if (typeof params[key] === 'number' && params.count === undefined) params.count = params[key];
  }
  const key = templateKey(action, params);
  const template = clientText(locale, `auditText.${key}`, params);
  // A sentence whose details lack a value it names falls back to the generic form.
  if (template !== undefined && !/\{\{\s*\w+\s*\}\}/.test(template)) return { text: template, links };
  const label = valueTextIn(locale, 'auditAction', action);
  const rest = detailsText(details);
  return { text: rest ? `${label}: ${rest}` : label, links };
}

/** A form field by its layout label in the language (forms.field.<name>), else as stored. */
function fieldLabel(locale: string, field: string): string {
  const key = `forms.field.${lowerFirst(field)}`;
  const text = translator(locale)(key as ServerTextKey);
  return text === key ? field : text;
}
