/**
 * The dashboard's named data sources: each computes one card's figure within
 * the caller's reach (accounts on or below its AccountPath, the prefix test on
 * the indexed `accounts.path`), in one statement, and answers undefined when
 * the card does not apply to this caller (it is then left out). Card files
 * (cards/*.json) name one of these.
 */
import { buildOnlineBill } from '../../business/online-bill-query';
import { intervalOf } from '../../business/online-bill-period';
import type { Queryable } from '../../db/db';
import { roundMoney } from '../../pricing/price-rules';
import { callerOrganisation } from '../billing/allowed-services';
import { MANAGED_SERVICES_FROM } from '../catalog/service-rows';
import { auditSentence } from '../audit/audit-log-text';
import { accountNamesIn } from '../audit/audit-log-query';
import type { Caller, ServiceContext } from '../context';
import { requestScope } from '../provisioning/provisioning-query';

export interface DashboardItem {
  Id: number;
  At: string;
  Action: string;
  AccountId: number | null;
  AccountName: string | null;
  ActorName: string | null;
  Text: string;
  Link: string | null;
}

export interface CardFigure {
  Count: number;
  Currency?: string;
  Points?: { Label: string; Value: number }[];
  Items?: DashboardItem[];
}

export interface Organisation {
  id: number;
  path: string;
  type: string;
}

/** What every source may use; the organisation is read once, when a card asks for it. */
export interface DashboardScope {
  ctx: ServiceContext;
  db: Queryable;
  caller: Caller;
  /** The caller's reach: its AccountPath. */
  path: string;
  userId: number;
  organisation: () => Promise<Organisation>;
  today: Date;
}

type DataSource = (scope: DashboardScope) => Promise<CardFigure | undefined>;

/** How many lines a list card shows. */
export const LIST_LENGTH = 5;

const IN_REACH = (alias: string) => `(${alias}.path = $1 OR ${alias}.path LIKE $1 || '/%')`;

async function count(db: Queryable, sql: string, params: unknown[]): Promise<CardFigure> {
  const row = await db.one<{ n: number | string }>(sql, params);
  return { Count: Number(row?.n ?? 0) };
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** An audit entry in words: the audit log's own rendering (server/services/audit/audit-log-text.ts), so both read alike. */

export async function organisationOf(db: Queryable, caller: Caller): Promise<Organisation> {
  const organisation = await callerOrganisation(db, caller);
  const row = await db.one<{ account_type: string }>('SELECT account_type FROM accounts WHERE id = $1', [organisation.id]);
  return { ...organisation, type: row?.account_type ?? '' };
}

export const DATA_SOURCES: Readonly<Record<string, DataSource>> = {
  /** Pending credit-check orders below the caller: what the request-review screen lists. */
  ordersAwaitingApproval: ({ db, path }) =>
    count(
      db,
      `SELECT count(*) AS n FROM credit_check_orders o JOIN accounts pa ON pa.id = o.parent_account_id
        WHERE o.approval_status = 'Pending' AND ${IN_REACH('pa')}`,
      [path],
    ),

  /** Failed provisioning requests the provisioning screen shows (only its own company's with the OWNED capability). */
  async failedProvisioning({ ctx, db }) {
    const scope = await requestScope(ctx, 'Read');
    if (scope.companyId === undefined) {
      // The trigger-kept counts of everything below the scope, plus the scope account's own requests (migration 0006).
      return count(
        db,
        `SELECT (SELECT coalesce(sum(n), 0) FROM provisioning_request_counts WHERE scope_path = $1 AND order_status = 'Failed')
              + (SELECT count(*) FROM provisioning_requests WHERE account_path = $1 AND order_status = 'Failed') AS n`,
        [scope.path],
      );
    }
    return count(
      db,
      `SELECT count(*) AS n FROM provisioning_requests r
        WHERE r.company_account_id = $2 AND r.order_status = 'Failed' AND (r.account_path = $1 OR r.account_path LIKE $1 || '/%')`,
      [scope.path, scope.companyId],
    );
  },

  /** Imports waiting, running or failed, of accounts below the caller (the imports screen's list). */
  importsRunningOrFailed: ({ db, path }) =>
    count(
      db,
      `SELECT count(*) AS n FROM imports i JOIN accounts o ON o.id = i.owner_account_id
        WHERE i.status IN ('Pending', 'In progress', 'Failed') AND ${IN_REACH('o')}`,
      [path],
    ),

  /** Scheduled terminations below the caller, the soonest first, each opening its termination page. */
  async scheduledTerminations({ db, path }) {
    const rows = await db.query<{ id: number; account_id: number; display_name: string; scheduled_for: Date | string; total: number | string }>(
      `SELECT t.id, t.account_id, a.display_name, t.scheduled_for, count(*) OVER () AS total
         FROM account_terminations t JOIN accounts a ON a.id = t.account_id
        WHERE t.status = 'Scheduled' AND ${IN_REACH('a')}
        ORDER BY t.scheduled_for, t.id LIMIT ${LIST_LENGTH}`,
      [path],
    );
    return {
      Count: Number(rows[0]?.total ?? 0),
      Items: rows.map((row) => ({
        Id: Number(row.id),
        At: iso(row.scheduled_for),
        Action: 'ScheduledTermination',
        AccountId: Number(row.account_id),
        AccountName: row.display_name,
        ActorName: null,
        Text: '',
        Link: `/terminate?accountId=${Number(row.account_id)}`,
      })),
    };
  },

  /** Terms of use and privacy documents the user has not accepted yet. */
  termsToAccept: ({ db, userId }) =>
    count(
      db,
      `SELECT count(*) AS n FROM terms t
        WHERE NOT EXISTS (SELECT 1 FROM terms_acceptances ta WHERE ta.terms_id = t.id AND ta.user_id = $1)`,
      [userId],
    ),

  /**
   * This month's online bill of the caller's company so far, by service. For a
   * company only: a reseller's or the platform's bill spans every customer
   * below it, which is the revenue report's job, not a glance at a start page.
   */
  async billThisMonth({ db, organisation, today }) {
    const company = await organisation();
    if (company.type !== 'Company') return undefined;
    const interval = intervalOf(today.getUTCFullYear(), today.getUTCMonth() + 1);
    const bill = await buildOnlineBill(db, { companyAccountId: company.id, intervalId: interval.Id }, today);
    const perService = new Map<string, number>();
    for (const line of bill.Lines) perService.set(line.Name, (perService.get(line.Name) ?? 0) + line.Amount);
    const sorted = [...perService].sort((a, b) => b[1] - a[1]);
    const points = sorted.slice(0, 5).map(([Label, Value]) => ({ Label, Value: roundMoney(Value) }));
    const rest = sorted.slice(5).reduce((sum, [, value]) => sum + value, 0);
    if (rest > 0) points.push({ Label: '…', Value: roundMoney(rest) });
    return { Count: roundMoney(bill.Total), Currency: bill.Currency, Points: points };
  },

  /**
   * Sent quotes not answered yet, as the my-quotes list it opens shows them (quote-grid.ts ownerSql): those the
   * caller's organisation sent, and those sent to it, waiting for its own answer.
   */
  async quotesAwaitingCustomer({ db, organisation }) {
    const own = await organisation();
    return count(
      db,
      `SELECT (SELECT count(*) FROM quotes WHERE seller_account_id = $1 AND status = 'Sent')
            + (SELECT count(*) FROM quotes WHERE customer_account_id = $1 AND seller_account_id <> $1 AND status = 'Sent') AS n`,
      [own.id],
    );
  },

  /** Services the caller manages: the service tool's list (the same rule). */
  myServices: ({ db, path }) => count(db, `SELECT count(*) AS n FROM ${MANAGED_SERVICES_FROM}`, [path]),

  /** The newest audit entries of accounts within reach, in words. */
  async recentActivity({ ctx, db, path }) {
    const rows = await db.query<{
      id: number; account_id: number | null; account_name: string | null; actor_name: string | null; action: string; details: unknown; created_at: Date | string;
    }>(
      `SELECT l.id, l.account_id, a.display_name AS account_name,
              (SELECT display_name FROM accounts WHERE id = l.actor_user_id) AS actor_name, l.action, l.details, l.created_at
         FROM audit_log l JOIN accounts a ON a.id = l.account_id
        WHERE ${IN_REACH('a')}
        ORDER BY l.created_at DESC, l.id DESC LIMIT ${LIST_LENGTH}`,
      [path],
    );
    const names = await accountNamesIn(db, rows);
    return {
      Count: rows.length,
      Items: rows.map((row) => ({
        Id: Number(row.id),
        At: iso(row.created_at),
        Action: row.action,
        AccountId: row.account_id === null ? null : Number(row.account_id),
        AccountName: row.account_name,
        ActorName: row.actor_name,
        Text: auditSentence(ctx.locale, row.action, row.details, names).text,
        Link: row.account_id === null ? null : `/account/${Number(row.account_id)}`,
      })),
    };
  },
};

export const DATA_SOURCE_NAMES = Object.keys(DATA_SOURCES);
