import type { TestServer } from '../support/test-server';

/** Ids of demo accounts by display name (the fixed ones are unique). */
export async function accountIdOf(server: TestServer, displayName: string, type?: string): Promise<number> {
  const row = await server.server.db.one<{ id: number }>(
    `SELECT id FROM accounts WHERE display_name = $1 AND ($2::text IS NULL OR account_type = $2) ORDER BY id LIMIT 1`,
    [displayName, type ?? null],
  );
  if (!row) throw new Error(`no account ${displayName}`);
  return Number(row.id);
}

export async function userIdOf(server: TestServer, userName: string): Promise<number> {
  const row = await server.server.db.one<{ account_id: number }>('SELECT account_id FROM users WHERE username = $1', [userName]);
  if (!row) throw new Error(`no user ${userName}`);
  return Number(row.account_id);
}

export const lastAuditId = async (server: TestServer) =>
  Number((await server.server.db.one<{ id: number }>('SELECT coalesce(max(id), 0) AS id FROM audit_log'))!.id);

export interface AuditRow {
  action: string;
  account_id: number | null;
  actor_user_id: number | null;
  details: Record<string, unknown>;
  ip: string | null;
}

export const auditSince = (server: TestServer, afterId: number, action: string) =>
  server.server.db.query<AuditRow>('SELECT action, account_id, actor_user_id, details, ip FROM audit_log WHERE id > $1 AND action = $2 ORDER BY id', [
    afterId,
    action,
  ]);

/** Polls until the probe holds; the deadline only ends a test that would otherwise hang (generous: a busy machine is slow). */
export async function waitFor<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('waitFor: timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Queryable = TestServer['server']['db'];

/**
 * A department under a parent with a user who can sign in (the demo password, basic.user's roles) and
 * subscriptions; each subscription's Values as given.
 */
export async function departmentWithUser(
  db: Queryable,
  parentId: number,
  name: string,
  userName: string,
  subscriptions: { product: string; values: Record<string, unknown> }[],
): Promise<{ departmentId: number; userId: number; subscriptionIds: number[] }> {
  const insert = async (parent: number, type: string, displayName: string, productName: string | null, values: Record<string, unknown>) => {
    const row = await db.one<{ id: number }>(
      `INSERT INTO accounts (id, parent_id, account_type, product_name, display_name, views, path)
       SELECT n.id, p.id, $2, $3, $4, $5::jsonb, p.path || '/' || n.id
         FROM (SELECT nextval(pg_get_serial_sequence('accounts', 'id')) AS id) n, accounts p WHERE p.id = $1
       RETURNING id`,
      [parent, type, productName, displayName, JSON.stringify({ Values: { DisplayName: displayName, ...values } })],
    );
    return Number(row!.id);
  };
  const departmentId = await insert(parentId, 'Department', name, null, { Email: `${userName}@dept.example`, Phone: '+44 20 1234 5678' });
  const userId = await insert(departmentId, 'User', `Lee ${name}`, null, { Firstname: 'Lee', Lastname: name, Email: `${userName}@contoso.example`, Phone: '+44 7700 900123' });
  await db.query(
    `INSERT INTO users (account_id, username, password_hash) SELECT $1, $2, password_hash FROM users WHERE username = 'basic.user'`,
    [userId, userName],
  );
  await db.query(`INSERT INTO user_roles (user_id, role_id) SELECT $1, role_id FROM user_roles WHERE user_id = (SELECT account_id FROM users WHERE username = 'basic.user')`, [
    userId,
  ]);
  const subscriptionIds: number[] = [];
  for (const subscription of subscriptions) {
    subscriptionIds.push(await insert(departmentId, 'Product', subscription.product, subscription.product, { ProductName: subscription.product, SubscriptionId: `sub-${name}`, ...subscription.values }));
  }
  return { departmentId, userId, subscriptionIds };
}

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
