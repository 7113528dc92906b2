/**
 * What the studio's handlers share: the caller's reach on a definition, the
 * author's name, audit rows in the handler's transaction.
 */
import type { Queryable } from '../../db/db';
import type { DefinitionKind } from '../../definitions/published-store';
import { fault } from '../../fault';
import { requireCaller, type ServiceContext } from '../context';
import { fileSource, loadHead, loadVersion, parseSource } from './definition-sources';
import { mayTouch, productsOf, type StudioScope } from './studio-scope';

const SCREEN_NAME = /^[a-z][a-z0-9-]{0,63}$/;

/** The contents the caller's reach is judged on: the file and the latest saved version. */
export async function currentContents(ctx: ServiceContext, kind: DefinitionKind, name: string): Promise<unknown[]> {
  const contents: unknown[] = [];
  const file = fileSource(ctx, kind, name);
  if (file !== undefined) contents.push(parseSource(file));
  const head = await loadHead(ctx.db, kind, name);
  if (head.latest_version > 0) contents.push(parseSource((await loadVersion(ctx, kind, name, head.latest_version)).source));
  return contents;
}

/** 404 when the definition does not exist, 403 when the caller may not touch it (or the proposed source). */
export async function assertReach(ctx: ServiceContext, scope: StudioScope, kind: DefinitionKind, name: string, proposed?: string): Promise<void> {
  if (kind !== 'layout' && !SCREEN_NAME.test(name)) throw fault(400, 'studio.badName', { name });
  const contents = await currentContents(ctx, kind, name);
  if (contents.length === 0 && proposed === undefined) throw fault(404, 'studio.notFound', { name });
  if (proposed !== undefined) contents.push(parseSource(proposed));
  if (!(await mayTouch(ctx.db, scope, kind, name, contents))) throw fault(403, 'studio.outOfReach', { name });
}

export function authorName(ctx: ServiceContext): string {
  const user = requireCaller(ctx).loaded.user;
  const values = user.UserAccount.Views?.Values as Record<string, unknown> | undefined;
  const display = typeof values?.DisplayName === 'string' ? values.DisplayName : '';
  return display ? `${display} (${user.Username})` : user.Username;
}

export function ownAccountId(ctx: ServiceContext): number | null {
  const ids = requireCaller(ctx).loaded.scopePath.split('/').filter(Boolean);
  return ids.length ? Number(ids[ids.length - 1]) : null;
}

export async function auditIn(tx: Queryable, ctx: ServiceContext, action: string, details: Record<string, unknown>): Promise<void> {
  const caller = requireCaller(ctx);
  await tx.query(
    `INSERT INTO audit_log (account_id, actor_user_id, impersonator_user_id, action, details, ip) VALUES ($1, $2, $3, $4, $5, $6)`,
    [ownAccountId(ctx), caller.loaded.user.UserAccountId, caller.impersonatorId, action, details, ctx.request.ip],
  );
}

/** A definition's title: a text key (the client shows its text), or its inline text in the locale, else English. */
export function titleOf(kind: DefinitionKind, content: unknown, locale = 'en'): { title: string; products: string[] } {
  const value = (content ?? {}) as Record<string, unknown>;
  if (kind !== 'layout') {
    const title = value.title;
    const inline = title && typeof title === 'object' ? (title as Record<string, unknown>) : undefined;
    const text = typeof title === 'string' ? title : (inline?.[locale.split(/[-_]/)[0]] ?? inline?.en);
    return { title: typeof text === 'string' ? text : '', products: [] };
  }
  return { title: typeof value.AccountType === 'string' ? value.AccountType : '', products: productsOf(content) ?? [] };
}
