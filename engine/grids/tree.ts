/**
 * Tree data sources (paging mode "tree"): one level per call — the result
 * holds a node and its children; a node whose hasChildrenField is true is
 * expanded on demand. `visibleTreeRows` flattens the loaded levels and the
 * expanded ids into the rows drawn (with their depth), and `treeKeyMove` is
 * the treegrid keyboard: ArrowRight expands (or goes to the first child),
 * ArrowLeft collapses (or goes to the parent), Up/Down/Home/End move.
 */
import { applyBindings, setPath, type ScreenContext } from './bindings';
import type { DataSourceDefinition } from './definition-schema';
import { PageShapeError } from './data-source';

type Row = Record<string, unknown>;
type TreePaging = Extract<DataSourceDefinition['paging'], { mode: 'tree' }>;

export interface TreeLevel {
  node: Row;
  children: Row[];
  truncated: boolean;
}

export interface TreeRow {
  id: string;
  row: Row;
  depth: number;
  parentId?: string;
  hasChildren: boolean;
  expanded: boolean;
  /** The level below is being fetched. */
  loading: boolean;
  muted: boolean;
  /** A note after children the server cut at a limit (not a node): the number shown. */
  truncatedCount?: number;
}

export function treePaging(source: DataSourceDefinition): TreePaging {
  if (source.paging.mode !== 'tree') throw new PageShapeError(`${source.service}/${source.method} is not a tree data source.`);
  return source.paging;
}

/** The body loading the level of `nodeId` (the root: nodeId undefined, the bound params decide). */
export function treeLevelBody(source: DataSourceDefinition, context: ScreenContext, nodeId?: string | number, extra?: (body: Row) => Row): Row {
  const paging = treePaging(source);
  const body = applyBindings({}, source.params, context);
  if (nodeId !== undefined) setPath(body, paging.idParam, typeof nodeId === 'string' && /^\d+$/.test(nodeId) ? Number(nodeId) : nodeId);
  return extra ? extra(body) : body;
}

const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

export function readTreeLevel(source: DataSourceDefinition, result: unknown): TreeLevel {
  const paging = treePaging(source);
  const node = isRow(result) ? result[paging.nodePath] : undefined;
  const children = isRow(result) ? result[paging.childrenPath] : undefined;
  if (!isRow(node) || !Array.isArray(children) || !children.every(isRow)) throw new PageShapeError(`${source.service}/${source.method} did not return a tree level.`);
  return { node, children, truncated: paging.truncatedPath !== undefined && (result as Row)[paging.truncatedPath] === true };
}

/** The rows to draw: the root, then depth-first every expanded node's loaded children. */
export function visibleTreeRows(
  source: DataSourceDefinition,
  root: TreeLevel,
  levels: ReadonlyMap<string, TreeLevel>,
  expanded: ReadonlySet<string>,
): TreeRow[] {
  const paging = treePaging(source);
  const idOf = (row: Row) => String(row[source.rowId]);
  const muted = (row: Row) => paging.mutedWhen !== undefined && paging.mutedWhen.in.includes(row[paging.mutedWhen.field] as string | number | boolean);
  const rows: TreeRow[] = [];
  const add = (level: TreeLevel, depth: number, parentId: string) => {
    for (const child of level.children) {
      const id = idOf(child);
      const hasChildren = child[paging.hasChildrenField] === true;
      const open = hasChildren && expanded.has(id);
      const below = open ? levels.get(id) : undefined;
      rows.push({ id, row: child, depth, parentId, hasChildren, expanded: open, loading: open && !below, muted: muted(child) });
      if (below) add(below, depth + 1, id);
    }
    if (level.truncated) rows.push({ id: `${parentId}:truncated`, row: {}, depth, parentId, hasChildren: false, expanded: false, loading: false, muted: true, truncatedCount: level.children.length });
  };
  const rootId = idOf(root.node);
  rows.push({ id: rootId, row: root.node, depth: 0, hasChildren: true, expanded: true, loading: false, muted: muted(root.node) });
  add(root, 1, rootId);
  return rows;
}

export type TreeMove = { focus: string } | { expand: string } | { collapse: string } | undefined;

/** What a key does on the focused row of the tree (WAI-ARIA treegrid). */
export function treeKeyMove(all: readonly TreeRow[], focusedId: string, key: string): TreeMove {
  const rows = all.filter((row) => row.truncatedCount === undefined);
  const index = rows.findIndex((row) => row.id === focusedId);
  if (index < 0) return rows.length > 0 ? { focus: rows[0].id } : undefined;
  const row = rows[index];
  switch (key) {
    case 'ArrowDown':
      return index + 1 < rows.length ? { focus: rows[index + 1].id } : undefined;
    case 'ArrowUp':
      return index > 0 ? { focus: rows[index - 1].id } : undefined;
    case 'Home':
      return { focus: rows[0].id };
    case 'End':
      return { focus: rows[rows.length - 1].id };
    case 'ArrowRight':
      if (!row.hasChildren) return undefined;
      if (!row.expanded) return { expand: row.id };
      return rows[index + 1]?.parentId === row.id ? { focus: rows[index + 1].id } : undefined;
    case 'ArrowLeft':
      if (row.expanded && row.depth > 0) return { collapse: row.id };
      return row.parentId !== undefined ? { focus: row.parentId } : undefined;
    default:
      return undefined;
  }
}
