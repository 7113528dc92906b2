/**
 * "Export": the published versions written back over their files (a layout
 * the files do not have yet goes to the first layout folder), so the set can
 * be committed to git and shipped as the next baseline.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { DefinitionKind } from '../../definitions/published-store';
import { definitionFolders } from '../../definitions/definition-tree';
import type { ServiceContext } from '../context';
import { checkSource } from './definition-checks';
import { definitionFiles } from './definition-sources';

export async function exportPublished(ctx: ServiceContext): Promise<{ Kind: DefinitionKind; Name: string; Version: number; File: string }[]> {
  const rows = await ctx.db.query<{ kind: DefinitionKind; name: string; version: number; source: string }>(
    `SELECT v.kind, v.name, v.version, v.source FROM definition_heads h
       JOIN definition_versions v ON v.kind = h.kind AND v.name = h.name AND v.version = h.published_version
      WHERE h.published_version > 0 ORDER BY v.kind, v.name`,
  );
  const files = definitionFiles(ctx);
  const written = [];
  for (const row of rows) {
    // Only what passes the checks now becomes a file (what the server would serve).
    if (checkSource(ctx, row.kind, row.name, row.source).length) continue;
    const path =
      files.find((file) => file.kind === row.kind && file.name === row.name)?.path ??
      join(definitionFolders(row.kind, ctx.config)[0], `${row.name}.json`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${JSON.stringify(JSON.parse(row.source), null, 2)}\n`);
    written.push({ Kind: row.kind, Name: row.name, Version: Number(row.version), File: relative(process.cwd(), path) || path });
  }
  return written;
}
