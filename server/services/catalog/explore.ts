/**
 * Explore (Marketplace Read): the catalogue the caller's organisation sees
 * (search.ts VISIBLE_SERVICES_SQL, the same services the header search finds),
 * filtered by the spec §3 search filter, one page at a time (ExploreServices),
 * and the filter values with their counts (GetSearchServicesMetadata): each
 * facet counted with every other filter applied, so a count says how many
 * services choosing that value would show.
 */
import type { Static } from '@sinclair/typebox';
import type { ServiceSearchOptionsSchema } from '../../../contract/services/marketplace';
import { fault } from '../../fault';
import { requireCaller } from '../context';
import { defineHandlers } from '../define-handlers';
import { likeLiteral, ORDER_COLUMNS, VISIBLE_SERVICES_SQL } from '../search/search';
import { languageOf } from './service-rows';

type SearchOptions = Static<typeof ServiceSearchOptionsSchema>;
type Dimension = 'owners' | 'categories' | 'tags' | 'new';

/** The visible services as a subquery, and the WHERE clause of the filter without the dimension `except`. */
function filtered(scopePath: string, options: SearchOptions | null | undefined, except?: Dimension) {
  const source = options?.Source?.Type ?? 'Root';
  // Own keys only: a source named like an Object method (toString) is unknown, not SQL.
  const visible = Object.hasOwn(VISIBLE_SERVICES_SQL, source) ? VISIBLE_SERVICES_SQL[source] : undefined;
  if (!visible) throw fault(400, 'shell.searchSourceUnsupported', { source });
  const params: unknown[] = [scopePath];
  const filters: string[] = [];
  const add = (sql: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    filters.push(sql(`$${params.length}`));
  };
  const name = options?.DisplayName?.trim();
  if (name) add((p) => `lower(display_name) LIKE ${p}`, `%${likeLiteral(name)}%`);
  if (except !== 'owners' && options?.OwnerAccountIds?.length) add((p) => `vendor_account_id = ANY(${p}::bigint[])`, options.OwnerAccountIds);
  if (except !== 'categories' && options?.ServiceCategories?.length) add((p) => `category = ANY(${p}::text[])`, options.ServiceCategories);
  if (except !== 'tags' && options?.ServiceTags?.length) add((p) => `tags && ${p}::text[]`, options.ServiceTags);
  if (except !== 'new' && options?.ShowNewOnly) filters.push('is_new');
  return { from: `(${visible}) visible`, where: filters.length ? `WHERE ${filters.join(' AND ')}` : '', params };
}

interface ExploreRow {
  id: number;
  name: string;
  display_name: string;
  short_description: string | null;
  translated_name: string | null;
  icon: string | null;
  vendor_account_id: number;
  vendor_name: string;
  category: string;
  tags: string[];
  is_new: boolean;
  total: number;
}

export const exploreHandlers = defineHandlers('Marketplace', {
  async ExploreServices(ctx, { offset, limit, options, orderBy }) {
    const caller = requireCaller(ctx);
    const orderKey = orderBy?.Key ?? 'Ranking';
    const orderColumn = Object.hasOwn(ORDER_COLUMNS, orderKey) ? ORDER_COLUMNS[orderKey] : undefined;
    if (!orderColumn) throw fault(400, 'shell.searchOrderUnsupported', { key: orderKey });
    const direction = orderBy?.Value === 'DESC' ? 'DESC' : 'ASC';
    const { from, where, params } = filtered(caller.loaded.scopePath, options);
    const language = languageOf(ctx.locale);
    params.push(language, offset, limit);
    const n = params.length;
    const rows = await ctx.db.query<ExploreRow>(
      `WITH page AS (
         SELECT id, name, display_name, icon, vendor_account_id, category, tags, is_new, ${orderColumn} AS sort_key, count(*) OVER () AS total
           FROM ${from} ${where}
          ORDER BY ${orderColumn} ${direction}, lower(display_name), id
          OFFSET $${n - 1} LIMIT $${n})
       SELECT p.*, v.display_name AS vendor_name,
              coalesce(tr.value, en.value) AS short_description, tn.value AS translated_name
         FROM page p
         JOIN accounts v ON v.id = p.vendor_account_id
         LEFT JOIN service_localizable_fields en ON en.service_id = p.id AND en.language = 'en' AND en.field = 'ShortDescription'
         LEFT JOIN service_localizable_fields tr ON tr.service_id = p.id AND tr.language = $${n - 2} AND tr.field = 'ShortDescription'
         LEFT JOIN service_localizable_fields tn ON tn.service_id = p.id AND tn.language = $${n - 2} AND tn.field = 'DisplayName'
        ORDER BY p.sort_key ${direction}, lower(p.display_name), p.id`,
      params,
    );
    let total = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && offset > 0) {
      // Past the end: still say how many there are, so the client can page back.
      const count = filtered(caller.loaded.scopePath, options);
      total = Number((await ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${count.from} ${count.where}`, count.params))?.n ?? 0);
    }
    return {
      Services: rows.map((row) => ({
        Id: Number(row.id),
        Name: row.name,
        DisplayName: row.translated_name || row.display_name,
        ShortDescription: row.short_description ?? '',
        Icon: row.icon,
        VendorAccountId: Number(row.vendor_account_id),
        VendorName: row.vendor_name,
        Category: row.category,
        Tags: row.tags,
        IsNew: row.is_new,
      })),
      TotalCount: total,
    };
  },

  async GetSearchServicesMetadata(ctx, { options }) {
    const scopePath = requireCaller(ctx).loaded.scopePath;
    const all = filtered(scopePath, options);
    const owners = filtered(scopePath, options, 'owners');
    const categories = filtered(scopePath, options, 'categories');
    const tags = filtered(scopePath, options, 'tags');
    const fresh = filtered(scopePath, options, 'new');
    const [total, ownerRows, categoryRows, tagRows, newCount] = await Promise.all([
      ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${all.from} ${all.where}`, all.params),
      ctx.db.query<{ id: number; name: string; n: number }>(
        `SELECT f.vendor_account_id AS id, v.display_name AS name, count(*)::int AS n
           FROM (SELECT vendor_account_id FROM ${owners.from} ${owners.where}) f JOIN accounts v ON v.id = f.vendor_account_id
          GROUP BY f.vendor_account_id, v.display_name ORDER BY lower(v.display_name), f.vendor_account_id`,
        owners.params,
      ),
      ctx.db.query<{ value: string; n: number }>(
        `SELECT category AS value, count(*)::int AS n FROM ${categories.from} ${categories.where} GROUP BY category ORDER BY category`,
        categories.params,
      ),
      ctx.db.query<{ value: string; n: number }>(
        `SELECT tag AS value, count(*)::int AS n FROM (SELECT unnest(tags) AS tag FROM ${tags.from} ${tags.where}) t GROUP BY tag ORDER BY count(*) DESC, tag`,
        tags.params,
      ),
      ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${fresh.from} ${fresh.where ? `${fresh.where} AND is_new` : 'WHERE is_new'}`, fresh.params),
    ]);
    return {
      TotalCount: Number(total?.n ?? 0),
      NewCount: Number(newCount?.n ?? 0),
      Owners: ownerRows.map((row) => ({ Id: Number(row.id), Name: row.name, Count: Number(row.n) })),
      Categories: categoryRows.map((row) => ({ Value: row.value, Count: Number(row.n) })),
      Tags: tagRows.map((row) => ({ Value: row.value, Count: Number(row.n) })),
    };
  },
});
