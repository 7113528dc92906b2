/**
 * An audit entry's details (free JSON written by each handler) as one line a
 * person can read in a grid cell or a spreadsheet: `key: value; key: value`.
 * Keys stay as written (they are the event's own field names, in no language).
 * Below it, the same entry as a sentence in the user's language (auditSentence).
 */
import type { ValueKindName } from '../../src/contract/value-kinds';
import { translator, type ServerTextKey } from '../texts';
import { clientText, valueTextIn } from './values/value-texts';

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
 * A CSV field: quoted when needed, and a leading = + - @ (or tab/CR) defused with
 * an apostrophe, since details carry user-typed text a spreadsheet would run as a formula.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
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

/** Detail keys (any case, as handlers and the seed wrote them) holding an account or user id: the sentence names and links the account. */
const ACCOUNT_ID_KEY = /^(.*?)(?:AccountId|UserId)$/;

/** Detail keys whose value is a stored value of a kind, translated before it goes into the sentence. */
const VALUE_PARAMS: Readonly<Record<string, ValueKindName>> = {
  accountType: 'accountType',
  importType: 'importType',
  role: 'systemRole',
};

/** Count-like detail keys per action: they become i18next's `count` (plural forms). */
const COUNT_KEYS = ['count', 'errors', 'rows', 'changedPrices', 'items', 'usersAffected', 'recipients', 'billedCharges'];

/** Which template an entry uses: a variant when its details carry what the variant needs. */
function templateKey(action: string, params: Record<string, string | number>): string {
  if (action === 'AccountUpdated' && 'field' in params && 'newValue' in params) return 'AccountUpdated_change';
  if (action === 'AccountCreated' && 'displayName' in params) return 'AccountCreated_named';
  if (action === 'SignIn' && params.mfa === 'true') return 'SignIn_mfa';
  return action;
}

/** Every account id an entry's details name, for one name lookup per page. */
export function accountIdsOf(details: unknown): number[] {
  if (details === null || typeof details !== 'object' || Array.isArray(details)) return [];
  return Object.entries(details as Record<string, unknown>).flatMap(([key, value]) => (ACCOUNT_ID_KEY.test(key) && typeof value === 'number' && Number.isSafeInteger(value) ? [value] : []));
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
    const idKey = ACCOUNT_ID_KEY.exec(rawKey);
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
      params[key === 'type' && action.startsWith('Import') ? 'importType' : key] = kind && typeof value === 'string' ? valueTextIn(locale, kind, value) : typeof value === 'boolean' ? String(value) : value;
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
