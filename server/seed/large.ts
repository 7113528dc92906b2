import type { Db, Queryable } from '../db/db';
import { DEMO_ACCOUNT_NAMES } from './hierarchy';
import { seedLargePricelist } from './marketplace-large';
import { seedLargeQuotes } from './quotes';

export interface LargeVolumeOptions {
  /** Accounts to add under new companies below Northwind Cloud (companies, departments, users, products together). */
  accounts: number;
  provisioningRequests: number;
  /** Quotes of Northwind Cloud to the companies below it (server/seed/quotes.ts). */
  quotes?: number;
  log?: (message: string) => void;
  /** Rows per INSERT statement. */
  chunkSize?: number;
}

/** settings key recording that (and how much) benchmark data was added. */
export const LARGE_SEEDED_KEY = 'large_seeded';

/**
 * Share of each account type in the generated volume; products take the rest.
 * Roughly what a reseller's tree looks like: few companies, many users and subscriptions.
 */
const COMPANY_SHARE = 0.05;
const DEPARTMENT_SHARE = 0.1;
const USER_SHARE = 0.4;

const COUNTRIES = `ARRAY['Germany','Netherlands','United Kingdom','France','Spain','Italy','Poland','Finland']`;
const CURRENCIES = `ARRAY['EUR','EUR','GBP','EUR','EUR','EUR','PLN','EUR']`;
const COMPANY_WORDS = `ARRAY['Alpha','Blue','Cedar','Delta','Echo','Falcon','Granite','Harbor','Iris','Juniper','Kestrel','Lumen','Maple','Nimbus','Orbit','Pioneer','Quartz','River','Summit','Tundra']`;
const COMPANY_SUFFIXES = `ARRAY['GmbH','B.V.','Ltd','SAS','S.L.','S.r.l.','Sp. z o.o.','Oy']`;
const DEPARTMENTS = `ARRAY['Sales','Marketing','Operations','IT','Finance','Human Resources','Customer Support','Research','Legal','Logistics']`;
const FIRST_NAMES = `ARRAY['Anna','Ben','Clara','David','Eva','Finn','Greta','Hugo','Ida','Jan','Kim','Lea','Max','Nina','Omar','Pia','Rosa','Sam','Tom','Vera']`;
const LAST_NAMES = `ARRAY['Becker','Jansen','Smith','Martin','Garcia','Rossi','Nowak','Virtanen','Muller','Visser','Taylor','Dubois','Lopez','Ricci','Mazur','Korhonen']`;

/**
 * Weighted order statuses: index with (hash % 20). 9 Completed, 2 Pending,
 * 2 In progress, 4 Failed, 1 Cancelled, 2 Escalated.
 */
const STATUSES = `ARRAY['Completed','Completed','Completed','Completed','Completed','Completed','Completed','Completed','Completed',
  'Pending','Pending','In progress','In progress','Failed','Failed','Failed','Failed','Cancelled','Escalated','Escalated']`;
const ACTIONS = `ARRAY['Create','Modify','Modify','Terminate','Suspend']`;
const ERRORS = `ARRAY['Vendor API timeout','Insufficient licences available','Customer tenant not found','Quota exceeded in region eu-central-1']`;
const TARGETS = `ARRAY['Adatum Partner API','Litware Provisioning API','Relecloud Compute API']`;

interface Layout {
  companies: number;
  departments: number;
  users: number;
  products: number;
}

export function largeLayout(accounts: number): Layout {
  const companies = Math.max(1, Math.floor(accounts * COMPANY_SHARE));
  const departments = Math.floor(accounts * DEPARTMENT_SHARE);
  const users = Math.floor(accounts * USER_SHARE);
  return { companies, departments, users, products: Math.max(0, accounts - companies - departments - users) };
}

/** Runs `insert(from, to)` over [0, total) in chunks, logging progress and rate. */
async function inChunks(total: number, chunkSize: number, label: string, log: (message: string) => void, insert: (from: number, to: number) => Promise<void>) {
  const started = performance.now();
  for (let from = 0; from < total; from += chunkSize) {
    const to = Math.min(total, from + chunkSize);
    await insert(from, to);
    if (total > chunkSize) log(`  ${label}: ${to.toLocaleString('en')} / ${total.toLocaleString('en')}`);
  }
  const seconds = (performance.now() - started) / 1000;
  log(`${label}: ${total.toLocaleString('en')} rows in ${seconds.toFixed(1)} s`);
}

/**
 * Pre-allocates account ids from the accounts sequence into a temp table
 * (idx → id, parent_id, company_id, path), so that each chunk inserts its
 * accounts with their final path in one INSERT ... SELECT (no path update).
 * `parent` is either one fixed account or a temp table of parents spread
 * over round-robin (row idx % parent count).
 */
async function allocateIds(
  tx: Queryable,
  table: string,
  count: number,
  sequence: string,
  parent: { account: { id: number; path: string } } | { table: string; count: number },
): Promise<void> {
  const ids = `(SELECT g - 1 AS idx, nextval($1::regclass) AS id FROM generate_series(1, $2::int) g)`;
  if ('account' in parent) {
    // Accounts directly below one account (companies below Northwind) are their own company.
    await tx.query(
      `CREATE TEMP TABLE ${table} ON COMMIT DROP AS
       SELECT s.idx, s.id, $3::bigint AS parent_id, s.id AS company_id, $4::text || '/' || s.id AS path FROM ${ids} s`,
      [sequence, count, parent.account.id, parent.account.path],
    );
  } else {
    await tx.query(
      `CREATE TEMP TABLE ${table} ON COMMIT DROP AS
       SELECT s.idx, s.id, p.id AS parent_id, p.company_id, p.path || '/' || s.id AS path
         FROM ${ids} s JOIN ${parent.table} p ON p.idx = s.idx % $3::int`,
      [sequence, count, Math.max(1, parent.count)],
    );
  }
  await tx.exec(`CREATE INDEX ON ${table} (idx); ANALYZE ${table};`);
}

async function seedLargeAccounts(tx: Queryable, layout: Layout, northwind: { id: number; path: string }, chunkSize: number, log: (message: string) => void) {
  const sequence = (await tx.one<{ name: string }>(`SELECT pg_get_serial_sequence('accounts', 'id') AS name`))!.name;

  await allocateIds(tx, 'large_companies', layout.companies, sequence, { account: northwind });
  // Departments, users and products hang below companies and departments alike.
  await allocateIds(tx, 'large_departments', layout.departments, sequence, { table: 'large_companies', count: layout.companies });
  await tx.exec(`CREATE TEMP TABLE large_parents ON COMMIT DROP AS
      SELECT idx, id, company_id, path FROM large_companies
      UNION ALL SELECT (SELECT count(*) FROM large_companies) + idx, id, company_id, path FROM large_departments;
    CREATE INDEX ON large_parents (idx); ANALYZE large_parents;`);
  const parents = { table: 'large_parents', count: layout.companies + layout.departments };
  await allocateIds(tx, 'large_users', layout.users, sequence, parents);
  await allocateIds(tx, 'large_products', layout.products, sequence, parents);
  await tx.exec(`CREATE TEMP TABLE large_services ON COMMIT DROP AS
      SELECT (row_number() OVER (ORDER BY id) - 1)::int AS idx, display_name, product_number FROM services;
    CREATE INDEX ON large_services (idx);`);
  const services = (await tx.one<{ n: number }>('SELECT count(*)::int AS n FROM large_services'))!.n;
  if (services === 0) throw new Error('Large volumes need the demo catalogue (services): seed the demo data first.');

  const insert = (table: string, select: string) => (from: number, to: number) =>
    tx.query(
      `INSERT INTO accounts (id, parent_id, account_type, product_name, path, display_name, views, created_at, updated_at)
       SELECT a.id, a.parent_id, x.account_type, x.product_name, a.path, x.display_name,
              jsonb_build_object('Values', x.vals || jsonb_build_object('DisplayName', x.display_name, 'Source', 'benchmark')),
              x.created_at, x.created_at
         FROM ${table} a, LATERAL (${select}) x (account_type, product_name, display_name, vals, created_at)
        WHERE a.idx >= $1 AND a.idx < $2`,
      [from, to],
    ).then(() => undefined);

  const companyName = `(${COMPANY_WORDS})[1 + a.idx % 20] || ' ' || (${COMPANY_WORDS})[1 + (a.idx / 20) % 20] || ' ' || (${COMPANY_SUFFIXES})[1 + a.idx % 8] || ' ' || lpad((a.idx + 1)::text, 6, '0')`;
  await inChunks(layout.companies, chunkSize, 'companies', log, insert('large_companies', `
    SELECT 'Company' AS account_type, NULL::text AS product_name, ${companyName} AS display_name,
           jsonb_build_object('AccountIdentificator', 'BC-' || a.id, 'Country', (${COUNTRIES})[1 + a.idx % 8], 'Currency', (${CURRENCIES})[1 + a.idx % 8],
                              'Email', 'info@company' || a.id || '.example', 'City', 'Benchmark City') AS vals,
           now() - (a.idx % 700) * interval '1 day' AS created_at`));
  await inChunks(layout.departments, chunkSize, 'departments', log, insert('large_departments', `
    SELECT 'Department', NULL::text, (${DEPARTMENTS})[1 + a.idx % 10],
           jsonb_build_object('AccountIdentificator', 'BD-' || a.id, 'CostCenter', 'CC-' || (1000 + a.idx % 9000)),
           now() - (a.idx % 600) * interval '1 day'`));
  await inChunks(layout.users, chunkSize, 'users', log, insert('large_users', `
    SELECT 'User', NULL::text, f.first || ' ' || f.last,
           jsonb_build_object('AccountIdentificator', 'BU-' || a.id, 'Firstname', f.first, 'Lastname', f.last,
                              'Username', 'bench.user.' || a.id, 'Email', 'user' || a.id || '@bench.example'),
           now() - (a.idx % 500) * interval '1 day'
      FROM (SELECT (${FIRST_NAMES})[1 + a.idx % 20] AS first, (${LAST_NAMES})[1 + (a.idx / 20) % 16] AS last) f`));
  await inChunks(layout.products, chunkSize, 'products', log, insert('large_products', `
    SELECT 'Product', s.display_name, s.display_name,
           jsonb_build_object('AccountIdentificator', 'BS-' || a.id, 'ProductName', s.display_name, 'ProductNumber', s.product_number,
                              'SubscriptionId', 'SUB-' || a.id, 'Quantity', 1 + a.idx % 50),
           now() - (a.idx % 400) * interval '1 day'
      FROM large_services s WHERE s.idx = a.idx % ${services}`));

  // Users need a users row; '!' is no argon2 hash, so these accounts cannot sign in (verifyPassword fails).
  await inChunks(layout.users, chunkSize, 'user logins', log, (from, to) =>
    tx.query(
      `INSERT INTO users (account_id, username, password_hash, language)
       SELECT id, 'bench.user.' || id, '!', 'en' FROM large_users WHERE idx >= $1 AND idx < $2`,
      [from, to],
    ).then(() => undefined),
  );
}

async function seedLargeProvisioningRequests(tx: Queryable, count: number, products: number, chunkSize: number, log: (message: string) => void) {
  if (products === 0) throw new Error('Large provisioning requests need product accounts: give more accounts.');
  // hashint8 spreads consecutive numbers; the status, action and age come from different bits of it.
  await inChunks(count, chunkSize, 'provisioning requests', log, (from, to) =>
    tx.query(
      `INSERT INTO provisioning_requests (account_id, company_account_id, account_path, customer_id, subscription_id, order_id, sdp_order_id,
              order_action, order_target, order_status, product_status, is_final_status, is_rollback_completed, created_at, last_sent_at,
              error_message, error_details, response_history)
       SELECT p.id, p.company_id, p.path, 'BC-' || p.company_id, 'SUB-' || p.id, 'ORD-B-' || r.g,
              CASE WHEN r.status <> 'Pending' THEN 'SDP-' || (10000000 + r.g) END,
              r.action, (${TARGETS})[1 + r.h % 3], r.status,
              CASE r.status WHEN 'Completed' THEN 'Active' WHEN 'Failed' THEN 'Provisioning failed' WHEN 'Pending' THEN 'Pending'
                            WHEN 'In progress' THEN 'Provisioning' WHEN 'Cancelled' THEN 'Cancelled' ELSE 'On hold' END,
              r.status IN ('Completed', 'Cancelled'),
              r.status = 'Cancelled' AND r.h % 2 = 0,
              r.created_at,
              CASE WHEN r.status <> 'Pending' THEN r.created_at + interval '3 minutes' END,
              CASE WHEN r.status IN ('Failed', 'Escalated') THEN r.error END,
              CASE WHEN r.status IN ('Failed', 'Escalated') THEN 'The vendor answered: ' || r.error || ' (benchmark data).' END,
              CASE WHEN r.status IN ('Failed', 'Escalated')
                   THEN jsonb_build_array(jsonb_build_object('Timestamp', r.created_at + interval '3 minutes', 'Status', 'Error', 'HttpStatus', 502, 'Message', r.error))
                   ELSE '[]'::jsonb END
         FROM (SELECT g, h,
                      (${STATUSES})[1 + h % 20] AS status,
                      (${ACTIONS})[1 + (h / 20) % 5] AS action,
                      (${ERRORS})[1 + (h / 100) % 4] AS error,
                      now() - ((h / 128) % 31536000) * interval '1 second' AS created_at
                 FROM (SELECT g, hashint8(g)::bigint + 2147483648 AS h FROM generate_series($1::bigint, $2::bigint - 1) g) hashed) r
         JOIN large_products p ON p.idx = r.g % $3::int`,
      [from, to, products],
    ).then(() => undefined),
  );
}

/**
 * Benchmark volumes below Northwind Cloud (which the demo seed creates):
 * companies, departments, users and product accounts with correct paths,
 * and provisioning requests on the products, all generated server-side in
 * chunked INSERT ... SELECT statements in one transaction, then ANALYZE.
 */
export async function seedLargeVolumes(db: Db, options: LargeVolumeOptions): Promise<void> {
  const log = options.log ?? (() => undefined);
  const chunkSize = options.chunkSize ?? 100_000;
  const layout = largeLayout(options.accounts);
  log(
    `Large volumes: ${layout.companies} companies, ${layout.departments} departments, ${layout.users} users, ` +
      `${layout.products} products, ${options.provisioningRequests} provisioning requests`,
  );
  await db.transaction(async (tx) => {
    const northwind = await tx.one<{ id: number; path: string }>(
      `SELECT id, path FROM accounts WHERE account_type = 'Reseller' AND display_name = $1 ORDER BY id LIMIT 1`,
      [DEMO_ACCOUNT_NAMES.reseller],
    );
    if (!northwind) throw new Error(`Large volumes go below "${DEMO_ACCOUNT_NAMES.reseller}": seed the demo data first.`);
    await seedLargeAccounts(tx, layout, northwind, chunkSize, log);
    if (options.provisioningRequests > 0) await seedLargeProvisioningRequests(tx, options.provisioningRequests, layout.products, chunkSize, log);
    await seedLargePricelist(tx, log);
    if ((options.quotes ?? 0) > 0) await seedLargeQuotes(tx, options.quotes ?? 0, chunkSize, log);
    await tx.query(
      `INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [LARGE_SEEDED_KEY, JSON.stringify({ accounts: options.accounts, provisioningRequests: options.provisioningRequests, at: new Date().toISOString() })],
    );
  });
  const started = performance.now();
  await db.exec('ANALYZE');
  log(`ANALYZE in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
