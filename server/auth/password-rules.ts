/**
 * The password policy of spec §5, in one place: every rule has an id the
 * client knows and a translated text (server texts `identity.passwordRule.*`).
 * Used by ChangeMyPassword, ResetPassword and ValidateUserPassword.
 */
import type { Queryable } from '../db/db';
import type { Translate } from '../texts';
import { verifyPassword } from './passwords';

export const PASSWORD_MIN_LENGTH = 12;
/** Long passphrases are welcome; the cap only bounds the hashing work. */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_HISTORY_SIZE = 10;
/** Parts of names shorter than this are too common to refuse (e.g. "Li", "Ng"). */
const PERSONAL_PART_MIN_LETTERS = 3;

export const PASSWORD_RULES = [
  'minLength',
  'maxLength',
  'lowercase',
  'uppercase',
  'digit',
  'special',
  'notCommon',
  'noPersonalInfo',
  'notRecent',
] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** Whose password it is: the names it must not contain, the history it must not repeat. */
export interface PasswordOwner {
  userId: number;
  firstName: string;
  lastName: string;
  companyName: string;
}

/** The rules that need nothing but the password itself. */
export function formFailures(password: string): PasswordRule[] {
  const length = [...password].length;
  const failed: PasswordRule[] = [];
  if (length < PASSWORD_MIN_LENGTH) failed.push('minLength');
  if (length > PASSWORD_MAX_LENGTH) failed.push('maxLength');
  if (!/\p{Ll}/u.test(password)) failed.push('lowercase');
  if (!/\p{Lu}/u.test(password)) failed.push('uppercase');
  if (!/\p{Nd}/u.test(password)) failed.push('digit');
  if (!/[^\p{L}\p{N}]/u.test(password)) failed.push('special');
  return failed;
}

let commonPasswords: Promise<Set<string>> | undefined;
/** zxcvbn's list of the most common leaked passwords (offline), loaded on first use. */
function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return commonPasswords;
}

/**
 * In the common-password list as it is, or once the digits and symbols people
 * add around a word are taken off ("Password123!" is "password").
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  const list = await loadCommonPasswords();
  const lower = password.toLowerCase();
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return list.has(lower) || (core.length >= 4 && list.has(core));
}

/** The words (of at least 3 letters) of the owner's first and last name and company name. */
export function personalParts(owner: Pick<PasswordOwner, 'firstName' | 'lastName' | 'companyName'>): string[] {
  return [owner.firstName, owner.lastName, owner.companyName]
    .flatMap((name) => name.toLowerCase().split(/[^\p{L}]+/u))
    .filter((part) => [...part].length >= PERSONAL_PART_MIN_LETTERS);
}

export function containsPersonalInfo(password: string, owner: Pick<PasswordOwner, 'firstName' | 'lastName' | 'companyName'>): boolean {
  const lower = password.toLowerCase();
  return personalParts(owner).some((part) => lower.includes(part));
}

/** Equal to the current password or one of the last ones (argon2 verify against each, in parallel). */
export async function isRecentPassword(db: Queryable, userId: number, password: string): Promise<boolean> {
  const rows = await db.query<{ password_hash: string }>(
    `(SELECT password_hash FROM users WHERE account_id = $1)
     UNION
     (SELECT password_hash FROM password_history WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)`,
    [userId, PASSWORD_HISTORY_SIZE],
  );
  const matches = await Promise.all(rows.map((row) => verifyPassword(row.password_hash, password)));
  return matches.includes(true);
}

/**
 * Every rule the password breaks, in PASSWORD_RULES order. The history (slow:
 * one argon2 verify per remembered password) is only checked when asked and
 * when the cheap rules pass.
 */
export async function passwordFailures(
  db: Queryable,
  password: string,
  owner: PasswordOwner | undefined,
  options: { history: boolean },
): Promise<PasswordRule[]> {
  const failed = formFailures(password);
  if (failed.includes('maxLength')) return failed;
  if (await isCommonPassword(password)) failed.push('notCommon');
  if (owner && containsPersonalInfo(password, owner)) failed.push('noPersonalInfo');
  if (owner && options.history && failed.length === 0 && (await isRecentPassword(db, owner.userId, password))) failed.push('notRecent');
  return failed;
}

export function ruleText(t: Translate, rule: PasswordRule): string {
  return t(`identity.passwordRule.${rule}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH, count: PASSWORD_HISTORY_SIZE });
}

/** The owner of a password: names from the user's account, company from the nearest organisation above it. */
export async function loadPasswordOwner(db: Queryable, userId: number): Promise<PasswordOwner | undefined> {
  const row = await db.one<{ first_name: string | null; last_name: string | null; company_name: string | null }>(
    `SELECT a.views -> 'Values' ->> 'Firstname' AS first_name,
            a.views -> 'Values' ->> 'Lastname' AS last_name,
            (SELECT c.display_name FROM accounts c
              WHERE c.id = ANY (string_to_array(a.path, '/')::bigint[])
                AND c.account_type IN ('Company', 'Reseller', 'Vendor')
              ORDER BY length(c.path) DESC LIMIT 1) AS company_name
       FROM users u JOIN accounts a ON a.id = u.account_id
      WHERE u.account_id = $1`,
    [userId],
  );
  if (!row) return undefined;
  return { userId, firstName: row.first_name ?? '', lastName: row.last_name ?? '', companyName: row.company_name ?? '' };
}

/** Stores a new password: hash on the user, in the history, history trimmed to its size. */
export async function storeNewPassword(tx: Queryable, userId: number, passwordHash: string): Promise<void> {
  await tx.query('UPDATE users SET password_hash = $2, password_changed_at = now() WHERE account_id = $1', [userId, passwordHash]);
  await tx.query('INSERT INTO password_history (user_id, password_hash) VALUES ($1, $2)', [userId, passwordHash]);
  await tx.query(
    `DELETE FROM password_history WHERE user_id = $1 AND id NOT IN
       (SELECT id FROM password_history WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)`,
    [userId, PASSWORD_HISTORY_SIZE],
  );
}
