/**
 * Where a definition's versions come from: version 0 is the file the
 * deployment ships (screen-definitions/layouts or PORTAL_LAYOUTS_DIR, screen-definitions
 * or PORTAL_DEFINITIONS_DIR, screen-definitions/reports), versions 1…
 * are rows of definition_versions.
 */
import { readFileSync } from 'node:fs';
import type { Queryable } from '../../db/db';
import type { DefinitionKind } from '../../definitions/published-store';
import { definitionFolders, listDefinitionFiles } from '../../definitions/definition-tree';
import { fault } from '../../fault';
import type { ServiceContext } from '../context';

export interface Head {
  published_version: number;
  latest_version: number;
  published_at: Date | string | null;
  published_by: string | null;
}

export interface VersionRow {
  version: number;
  source: string;
  author_name: string;
  comment: string;
  created_at: Date | string | null;
}

/** The shipped files by kind and name (version 0 of each definition the studio edits). */
export function definitionFiles(ctx: Pick<ServiceContext, 'config'>): { kind: DefinitionKind; name: string; path: string }[] {
  return (['layout', 'report', 'screen'] as const).flatMap((kind) =>
    listDefinitionFiles(kind, definitionFolders(kind, ctx.config)).map(({ name, path }) => ({ kind, name, path })),
  );
}

export function fileSource(ctx: Pick<ServiceContext, 'config'>, kind: DefinitionKind, name: string): string | undefined {
  const file = definitionFiles(ctx).find((entry) => entry.kind === kind && entry.name === name);
  if (!file) return undefined;
  try {
    return readFileSync(file.path, 'utf8');
  } catch {
    return undefined;
  }
}

export async function loadHead(db: Queryable, kind: DefinitionKind, name: string, lock = false): Promise<Head> {
  const row = await db.one<Head>(
    `SELECT published_version, latest_version, published_at, published_by FROM definition_heads WHERE kind = $1 AND name = $2${lock ? ' FOR UPDATE' : ''}`,
    [kind, name],
  );
  return row ? { ...row, published_version: Number(row.published_version), latest_version: Number(row.latest_version) } : { published_version: 0, latest_version: 0, published_at: null, published_by: null };
}

/** The head row, created when missing, locked for the transaction. */
export async function lockHead(tx: Queryable, kind: DefinitionKind, name: string): Promise<Head> {
  await tx.query('INSERT INTO definition_heads (kind, name) VALUES ($1, $2) ON CONFLICT DO NOTHING', [kind, name]);
  return loadHead(tx, kind, name, true);
}

/** A version (0: the file); 404 when there is none. */
export async function loadVersion(ctx: Pick<ServiceContext, 'config'> & { db: Queryable }, kind: DefinitionKind, name: string, version: number): Promise<VersionRow> {
  if (version === 0) {
    const source = fileSource(ctx, kind, name);
    if (source === undefined) throw fault(404, 'studio.notFound', { name });
    return { version: 0, source, author_name: '', comment: '', created_at: null };
  }
  const row = await ctx.db.one<VersionRow>(
    'SELECT version, source, author_name, comment, created_at FROM definition_versions WHERE kind = $1 AND name = $2 AND version = $3',
    [kind, name, version],
  );
  if (!row) throw fault(404, 'studio.versionNotFound', { name, version });
  return { ...row, version: Number(row.version) };
}

export function parseSource(source: string): unknown {
  try {
    return JSON.parse(source) as unknown;
  } catch {
    return undefined;
  }
}
