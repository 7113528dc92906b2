import { SUPPORTED_LOCALES } from '../../contract';
import type { ImportTypeName } from '../../contract/services/import';
import type { Queryable } from '../db/db';
import type { ServerTextKey } from '../texts';
import { insertAccount } from '../business/insert-account';
import { findOrderedService, orderProduct } from '../business/provision-product';
import { accountEvent } from '../webhooks/domain-events';
import { emitEvent } from '../webhooks/emit-event';
import type { ImportRowData } from './parse-import-file';

/** Why one row could not be imported: a server text key and its values, translated when shown. */
export class RowError extends Error {
  constructor(
    readonly key: ServerTextKey,
    readonly values: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** A cell as trimmed text; rows stored by older imports may hold numbers. */
function text(data: ImportRowData, column: string): string {
  const value: unknown = data[column];
  return value === undefined || value === null ? '' : String(value).trim();
}

function required(data: ImportRowData, column: string): string {
  const value = text(data, column);
  if (!value) throw new RowError('imports.row.required', { column });
  return value;
}

function optionalEmail(data: ImportRowData): string | undefined {
  const email = text(data, 'Email');
  if (email && !EMAIL.test(email)) throw new RowError('imports.row.invalidEmail', { value: email });
  return email || undefined;
}

/** Only the given optional columns that have a value. */
function pick(data: ImportRowData, columns: readonly string[]): Record<string, string> {
  return Object.fromEntries(columns.filter((column) => text(data, column)).map((column) => [column, text(data, column)]));
}

async function childNamed(tx: Queryable, parentId: number, type: string, name: string): Promise<number | undefined> {
  const row = await tx.one<{ id: number }>(
    `SELECT id FROM accounts WHERE parent_id = $1 AND account_type = $2 AND lower(display_name) = lower($3) AND state <> 'Terminated' LIMIT 1`,
    [parentId, type, name],
  );
  return row?.id;
}

async function createUser(tx: Queryable, ownerId: number, data: ImportRowData, importId: number): Promise<number> {
  const firstName = required(data, 'Firstname');
  const lastName = required(data, 'Lastname');
  const email = required(data, 'Email');
  if (!EMAIL.test(email)) throw new RowError('imports.row.invalidEmail', { value: email });
  const username = (text(data, 'Username') || email).slice(0, 256);
  const language = text(data, 'Language').toLowerCase() || 'en';
  if (!(SUPPORTED_LOCALES as readonly string[]).includes(language)) throw new RowError('imports.row.unknownLanguage', { value: language });
  let parentId = ownerId;
  const department = text(data, 'Department');
  if (department) {
    const found = await childNamed(tx, ownerId, 'Department', department);
    if (!found) throw new RowError('imports.row.departmentNotFound', { name: department });
    parentId = found;
  }
  if (await tx.one('SELECT 1 FROM users WHERE lower(username) = lower($1)', [username])) {
    throw new RowError('imports.row.usernameTaken', { username });
  }
  const account = await insertAccount(tx, {
    parentId,
    type: 'User',
    displayName: `${firstName} ${lastName}`,
    values: { Firstname: firstName, Lastname: lastName, Email: email, Username: username, Language: language, ...pick(data, ['Phone', 'JobTitle']) },
  });
  // No usable password ('!' is no argon2 hash): the user sets one through password reset.
  await tx.query('INSERT INTO users (account_id, username, password_hash, language) VALUES ($1, $2, $3, $4)', [account.id, username, '!', language]);
  // An imported user is a new user like one CreateAccount makes: the same event, in the row's transaction.
  await emitEvent(tx, accountEvent('user.created', { id: account.id, path: account.path, displayName: `${firstName} ${lastName}` }, { importId })); // webhook
  return account.id;
}

async function createDepartment(tx: Queryable, ownerId: number, data: ImportRowData): Promise<number> {
  const name = required(data, 'DepartmentName');
  optionalEmail(data);
  if (await childNamed(tx, ownerId, 'Department', name)) throw new RowError('imports.row.departmentExists', { name });
  const account = await insertAccount(tx, { parentId: ownerId, type: 'Department', displayName: name, values: pick(data, ['CostCenter', 'Email']) });
  return account.id;
}

async function createCompany(tx: Queryable, ownerId: number, data: ImportRowData): Promise<number> {
  const name = required(data, 'CompanyName');
  const country = required(data, 'Country');
  const currency = required(data, 'Currency').toUpperCase();
  if (!CURRENCIES.has(currency)) throw new RowError('imports.row.invalidCurrency', { value: currency });
  optionalEmail(data);
  if (await childNamed(tx, ownerId, 'Company', name)) throw new RowError('imports.row.companyExists', { name });
  const account = await insertAccount(tx, {
    parentId: ownerId,
    type: 'Company',
    displayName: name,
    values: { Country: country, Currency: currency, ...pick(data, ['Email', 'Phone', 'VatNumber', 'Street', 'City', 'PostalCode']) },
  });
  return account.id;
}

/** A subscription for a company below the import's account, sent to the vendor by a provisioning request. */
async function createSubscription(tx: Queryable, ownerId: number, data: ImportRowData, importId: number): Promise<number> {
  const customerId = required(data, 'CustomerId');
  const productNumber = required(data, 'ProductNumber');
  const quantityText = required(data, 'Quantity');
  const quantity = Number(quantityText);
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 1_000_000) throw new RowError('imports.row.invalidQuantity', { value: quantityText });
  const customer = await tx.one<{ id: number }>(
    `SELECT c.id FROM accounts c, accounts o
      WHERE o.id = $1 AND c.account_type = 'Company' AND c.state = 'Active'
        AND (c.path = o.path OR c.path LIKE o.path || '/%') AND c.views->'Values'->>'AccountIdentificator' = $2
      LIMIT 1`,
    [ownerId, customerId],
  );
  if (!customer) throw new RowError('imports.row.customerNotFound', { value: customerId });
  const service = await findOrderedService(tx, { productNumber });
  if (!service) throw new RowError('imports.row.productNotFound', { value: productNumber });
  const ordered = await orderProduct(tx, { parentAccountId: customer.id, service, quantity, orderId: `IMP-${importId}` });
  return ordered.productAccountId;
}

/** Which account types an import of each type may go under. */
export const IMPORT_PARENT_TYPES: Record<ImportTypeName, readonly string[]> = {
  Users: ['Company', 'Department', 'Reseller', 'Vendor'],
  Departments: ['Company'],
  Companies: ['Reseller'],
  Subscriptions: ['Reseller', 'Company'],
};

/** The capability object type whose Create an import of each type needs. */
export const IMPORT_CAPABILITY: Record<ImportTypeName, string> = {
  Users: 'USER_ACCOUNT',
  Departments: 'DEPARTMENT_ACCOUNT',
  Companies: 'COMPANY_ACCOUNT',
  Subscriptions: 'PRODUCT_ACCOUNT',
};

/** Creates the account of one row under the import's owner; throws RowError when the row is not valid. */
export function createImportedAccount(tx: Queryable, type: ImportTypeName, ownerId: number, data: ImportRowData, importId: number): Promise<number> {
  switch (type) {
    case 'Users':
      return createUser(tx, ownerId, data, importId);
    case 'Departments':
      return createDepartment(tx, ownerId, data);
    case 'Companies':
      return createCompany(tx, ownerId, data);
    case 'Subscriptions':
      return createSubscription(tx, ownerId, data, importId);
  }
}
