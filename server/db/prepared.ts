/**
 * Statements PostgreSQL keeps prepared, by name, on each pooled connection (issue 37, SearchAccount at
 * 200 connections). A hot read's text is parsed and planned once per connection instead of per call:
 * after five executions PostgreSQL keeps a generic plan when it costs no more than the custom ones
 * (plan_cache_mode auto), so planning (0.5–0.9 ms of the search's ~1 ms) is no longer paid per call.
 * Only for statements whose plan does not depend on the values (the generic plan must stay good): an
 * index condition the planner can only derive from a constant (`LIKE 'text%'`) is written as a range.
 * PGlite runs the same text unnamed.
 */
const names = new Map<string, string>();
const texts = new Map<string, string>();

/** Registers `sql` as the statement `name` and gives back the text, to be passed to query() as usual. */
export function preparedStatement(name: string, sql: string): string {
  const known = texts.get(name);
  if (known !== undefined && known !== sql) throw new Error(`prepared statement ${name} is already registered with another text`);
  texts.set(name, sql);
  names.set(sql, name);
  return sql;
}

/** The name `sql` was registered under, if it was. */
export const preparedName = (sql: string): string | undefined => names.get(sql);
