/**
 * The world the model-based test of the business drives (business-model.test.ts): one real
 * server, a cast of signed-in users of three tenants (the platform, reseller Northwind with its
 * customers Contoso and Fabrikam, vendor Adatum), every call recorded, and the checks run after
 * each step against the real API (and, for what no API shows as a whole, the database).
 */
import { expect } from 'vitest';
import type { ApiClient, CallResult } from '../support/api-client';
import type { TestServer } from '../support/test-server';

export const CAST = ['root.admin', 'reseller.admin', 'company.admin', 'basic.user', 'vendor.admin', 'account.manager'] as const;
export type Actor = (typeof CAST)[number];

export interface World {
  server: TestServer;
  as: Record<Actor, ApiClient>;
  /** root.admin reading in German: the audit sentences must be words of that language. */
  auditReader: ApiClient;
  ids: { contoso: number; fabrikam: number; northwind: number };
  /** Every call of the current sequence, printed when a check fails. */
  trail: string[];
}

export const db = (world: World) => world.server.server.db;

/** A call as an actor; a 5xx fails the run at once, whatever the command expected. */
export async function call<T = unknown>(world: World, actor: Actor, service: string, method: string, body: unknown): Promise<CallResult<T>> {
  const result = await world.as[actor].call<T>(service, method, body);
  world.trail.push(`${actor} ${service}/${method} ${JSON.stringify(body).slice(0, 160)} → ${result.status}${result.message ? ` ${result.message.slice(0, 120)}` : ''}`);
  expect(result.status, `5xx from ${service}/${method}:\n${world.trail.join('\n')}`).toBeLessThan(500);
  return result;
}

export async function ok<T = unknown>(world: World, actor: Actor, service: string, method: string, body: unknown): Promise<T> {
  const result = await call<T>(world, actor, service, method, body);
  expect(result.status, `${service}/${method} as ${actor}: ${result.message ?? result.text}\n${world.trail.join('\n')}`).toBe(200);
  return result.body;
}

/**
 * What a refused call must leave untouched: accounts (state, place), grants, quotes, orders,
 * pricelists and their prices. One fingerprint, compared before and after.
 */
export async function fingerprint(world: World): Promise<string> {
  const row = await db(world).one<{ f: string }>(`
    SELECT md5(concat_ws('|',
      (SELECT string_agg(concat_ws(',', id, parent_id, path, state, md5(views::text)), ';' ORDER BY id) FROM accounts),
      (SELECT string_agg(concat_ws(',', user_id, role_id), ';' ORDER BY user_id, role_id) FROM user_roles),
      (SELECT string_agg(concat_ws(',', role_id, capability_set_id), ';' ORDER BY role_id, capability_set_id) FROM role_capability_sets),
      (SELECT string_agg(concat_ws(',', id, md5(capabilities::text)), ';' ORDER BY id) FROM capability_sets),
      (SELECT string_agg(concat_ws(',', id, status, version), ';' ORDER BY id) FROM quotes),
      (SELECT string_agg(concat_ws(',', id, approval_status), ';' ORDER BY id) FROM credit_check_orders),
      (SELECT string_agg(concat_ws(',', marketplace_id, service_id, sales_price), ';' ORDER BY marketplace_id, service_id) FROM marketplace_services)
    )) AS f`);
  return row!.f;
}

export const lastAuditId = async (world: World) => Number((await db(world).one<{ id: number }>('SELECT coalesce(max(id), 0) AS id FROM audit_log'))!.id);

export const accountIdOf = async (world: World, displayName: string) =>
  Number((await db(world).one<{ id: number }>('SELECT id FROM accounts WHERE display_name = $1 ORDER BY id LIMIT 1', [displayName]))!.id);

/** Accounts in an account's subtree, itself included. */
export const subtreeSize = async (world: World, accountId: number) =>
  Number(
    (await db(world).one<{ n: number }>(
      `SELECT count(*)::int AS n FROM accounts a, (SELECT path FROM accounts WHERE id = $1) t WHERE a.path = t.path OR a.path LIKE t.path || '/%'`,
      [accountId],
    ))!.n,
  );
