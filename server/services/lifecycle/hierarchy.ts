/**
 * The company hierarchy: Account/GetAccountTree (one level per call, children
 * loaded on demand) and Account/GetPartialCompanyHierarchy (the searchable
 * account picker). Both read within the caller's reach only (the access
 * declaration checks the ids; every row read lies below them).
 */
import { prefixQuery } from '../search/search';
import { requireCaller } from '../context';
import { defineHandlers } from '../define-handlers';
import { loadNode, NODE_BASE_COLUMNS, nodesPage, organisationTypesSql, toNode, typeRankSql, withinSql, type NodeRow } from './account-nodes';

/** Children per tree level; a company with more users than this shows the first ones and says so. */
export const TREE_CHILD_LIMIT = 500;
export const PICKER_DEFAULT_ROWS = 50;

// The picker's types (the layouts' organisations) are written into the SQL as literals, so the planner can
// use the partial search index of migration 0015 (accounts_org_search_idx) while they are the built-in ones.

/** Display names of the ancestors of each row below `rootPath`, " / "-joined (the picker's second line). */
async function ancestorPaths(db: import('../../db/db').Queryable, rootPath: string, rows: NodeRow[]): Promise<Map<number, string>> {
  const rootDepth = rootPath.split('/').length - 1;
  const chains = new Map(rows.map((row) => [Number(row.id), row.path.split('/').map(Number).slice(rootDepth, -1)]));
  const ids = [...new Set([...chains.values()].flat())];
  const names = new Map<number, string>();
  if (ids.length) {
    const found = await db.query<{ id: number; display_name: string }>('SELECT id, display_name FROM accounts WHERE id = ANY ($1::bigint[])', [ids]);
    for (const row of found) names.set(Number(row.id), row.display_name);
  }
  return new Map([...chains].map(([id, chain]) => [id, chain.map((ancestor) => names.get(ancestor) ?? '').join(' / ')]));
}

export const hierarchyHandlers = defineHandlers('Account', {
  async GetAccountTree(ctx, { accountId, showTerminatedAccounts }) {
    requireCaller(ctx);
    const show = showTerminatedAccounts === true;
    const account = await loadNode(ctx.db, accountId, show);
    const order = `${typeRankSql(ctx)}, lower(a.display_name), a.id`;
    const children = await ctx.db.query<NodeRow>(
      nodesPage(
        `SELECT ${NODE_BASE_COLUMNS} FROM accounts a
          WHERE a.parent_id = $1 AND ($2::boolean OR a.state <> 'Terminated')
          ORDER BY ${order} LIMIT ${TREE_CHILD_LIMIT + 1}`,
        order,
        '$2::boolean',
      ),
      [accountId, show],
    );
    return {
      Account: toNode(account),
      Children: children.slice(0, TREE_CHILD_LIMIT).map(toNode),
      ChildrenTruncated: children.length > TREE_CHILD_LIMIT,
    };
  },

  async GetPartialCompanyHierarchy(ctx, body) {
    const caller = requireCaller(ctx);
    const rootPath = body.targetRoot ? (await loadNode(ctx.db, body.targetRoot)).path : caller.loaded.scopePath;
    const maxRows = body.maxRows ?? PICKER_DEFAULT_ROWS;
    const types = organisationTypesSql(ctx, body.includeDepartment ? ['Department'] : []);
    const query = body.searchString?.trim() ? prefixQuery(body.searchString) : undefined;
    const params: unknown[] = [rootPath, maxRows + 1];
    let search = '';
    let order = `length(a.path), lower(a.display_name), a.id`;
    if (query) {
      params.push(query, `${body.searchString!.trim().toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
      search = `AND account_search_document(a.display_name, a.views) @@ to_tsquery('simple', $3)`;
      order = `(lower(a.display_name) LIKE $4) DESC, lower(a.display_name), a.id`;
    }
    const rows = await ctx.db.query<NodeRow>(
      nodesPage(
        `SELECT ${NODE_BASE_COLUMNS} FROM accounts a
          WHERE ${withinSql('a.path', '$1')} AND a.account_type IN (${types}) AND a.state <> 'Terminated' ${search}
          ORDER BY ${order} LIMIT $2`,
        order,
        'false',
      ),
      params,
    );
    const shown = rows.slice(0, maxRows);
    const paths = await ancestorPaths(ctx.db, rootPath, shown);
    return {
      Accounts: shown.map((row) => ({ ...toNode(row), Path: paths.get(Number(row.id)) ?? '' })),
      HasMore: rows.length > maxRows,
    };
  },
});
