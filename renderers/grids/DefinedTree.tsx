/**
 * <DefinedTree>: a screen definition with a tree data source (the hierarchy),
 * drawn as a WAI-ARIA tree: one level per call, a node's children loaded when
 * it is expanded (click, or ArrowRight on the focused node), each row indented
 * by its depth with the definition's columns: the first link column is the
 * node's name, the others follow as a caption or a status chip. Switch facets
 * ("show terminated") reload the tree with their parameter. The definition's
 * `tree` adds a symbol per node, the note under a level the server cut, and a
 * search that reaches every node (TreeFind).
 */
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import {
  formatValue,
  linkTarget,
  readTreeLevel,
  resolveText,
  structureColumns,
  treeKeyMove,
  treeLevelBody,
  visibleTreeRows,
  withFacets,
  type FacetChoices,
  type ScreenContext,
  type ScreenDefinition,
  type StructureColumnModel,
  type Translate,
  type TreeLevel,
  type TreeRow,
} from '../../engine/grids';
import { KindIcon } from './cells/KindIcon';
import { StatusChip } from './cells/StatusCell';
import { FacetSwitches } from './FacetSwitches';
import { errorText, isCanceled, type GridServiceCaller } from './grid-service';
import { TreeFind } from './TreeFind';
import { pageFormatting } from '../../contract/formatting';

type Row = Record<string, unknown>;

export interface DefinedTreeProps {
  definition: ScreenDefinition;
  context: ScreenContext;
  callService: GridServiceCaller;
  /** Show the definition's title as a heading beside the switches (default true). */
  showTitle?: boolean;
  /** What the tree is called for tests and its label; default defined-tree-{id}. */
  testId?: string;
  /** Where a node's name leads; default the definition's link column. */
  hrefOf?: (row: Row) => string | undefined;
  /** The node marked as the current one. */
  selectedId?: string;
  /** Nodes opened from outside (the path down to the selected one). */
  openIds?: ReadonlySet<string>;
  /** Where a node the tree's search finds opens, instead of the definition's `tree.find.to`. */
  findTo?: string;
  /** Only the nodes: no title, switches or search (a tree beside other rows, panes' side). */
  bare?: boolean;
}

/** The node's other columns: hidden ones are left out, but a muted node shows the value that mutes it (e.g. Terminated). */
function NodeCells({ columns, row, muted, mutedField, locale, translate }: { columns: readonly (StructureColumnModel & { hidden: boolean })[]; row: Row; muted: boolean; mutedField?: string; locale: string; translate: Translate }) {
  return (
    <>
      {columns.filter((column) => !column.hidden || (muted && column.field === mutedField)).map((column) =>
        column.type === 'status' ? (
          <StatusChip key={column.field} value={row[column.field]} format={column} />
        ) : (
          <Typography key={column.field} variant="caption" color="text.secondary">
            {formatValue(column, row, column.field, locale, translate)}
          </Typography>
        ),
      )}
    </>
  );
}

export function DefinedTree({ definition, context, callService, showTitle: titled = true, testId, hrefOf, selectedId, openIds, findTo, bare = false }: DefinedTreeProps) {
  const showTitle = titled && !bare;
  const { t, i18n } = useTranslation();
  const locale = pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale;
  const translate: Translate = useCallback((key, values) => String(t(key, values)), [t]);
  const columns = useMemo(() => structureColumns(definition.columns, translate, locale).map((column, index) => ({ ...column, hidden: definition.columns[index].hidden === true })), [definition, translate, locale]);
  const mutedField = definition.dataSource.paging.mode === 'tree' ? definition.dataSource.paging.mutedWhen?.field : undefined;
  const nameColumn = columns.find((column) => column.type === 'link') ?? columns[0];
  const otherColumns = columns.filter((column) => column !== nameColumn);
  const facets = useMemo(() => definition.facets ?? [], [definition]);
  const view = definition.tree;
  const [choices, setChoices] = useState<FacetChoices>({});
  const contextKey = JSON.stringify(context);

  const [root, setRoot] = useState<{ level?: TreeLevel; error?: string }>({});
  const [levels, setLevels] = useState<ReadonlyMap<string, TreeLevel>>(new Map());
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [focused, setFocused] = useState<string | undefined>();
  const requested = useRef(new Set<string>());
  const controller = useRef(new AbortController());
  const rowRefs = useRef(new Map<string, HTMLElement>());

  const load = useCallback(
    (nodeId?: string) => {
      const body = treeLevelBody(definition.dataSource, context, nodeId, (value) => withFacets(value, facets, choices));
      return callService(definition.dataSource.service, definition.dataSource.method, body, { signal: controller.current.signal }).then((result) => readTreeLevel(definition.dataSource, result));
    },
    // The context's content is what matters, not the object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [definition, contextKey, facets, choices, callService],
  );

  // A new root or other switches: start again with the first level open.
  useEffect(() => {
    controller.current.abort();
    controller.current = new AbortController();
    requested.current = new Set();
    setLevels(new Map());
    setExpanded(new Set(openIds ?? []));
    setRoot({});
    load().then(
      (level) => setRoot({ level }),
      (error: unknown) => !isCanceled(error) && setRoot({ error: errorText(error, t('lifecycle.hierarchy.loadFailed')) }),
    );
    // openIds are applied below as they change; here only the first ones.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load, t]);

  useEffect(() => () => controller.current.abort(), []);

  // Nodes opened from outside (a node selected elsewhere) open the path down to it.
  useEffect(() => {
    if (openIds && openIds.size > 0) setExpanded((known) => new Set([...known, ...openIds]));
  }, [openIds]);

  // Every expanded node whose level is not here yet is fetched once.
  useEffect(() => {
    for (const id of expanded) {
      if (levels.has(id) || requested.current.has(id) || id === (root.level ? String(root.level.node[definition.dataSource.rowId]) : undefined)) continue;
      requested.current.add(id);
      load(id).then(
        (level) => setLevels((known) => new Map(known).set(id, level)),
        (error: unknown) => {
          requested.current.delete(id);
          if (isCanceled(error)) return;
          setExpanded((known) => new Set([...known].filter((open) => open !== id)));
          setRoot((known) => ({ ...known, error: errorText(error, t('lifecycle.hierarchy.loadFailed')) }));
        },
      );
    }
  }, [expanded, levels, load, root.level, definition, t]);

  const rows = useMemo(() => (root.level ? visibleTreeRows(definition.dataSource, root.level, levels, expanded) : []), [definition, root.level, levels, expanded]);
  const focusId = focused && rows.some((row) => row.id === focused) ? focused : rows[0]?.id;

  const toggle = (id: string) => setExpanded((known) => (known.has(id) ? new Set([...known].filter((open) => open !== id)) : new Set([...known, id])));
  const onKeyDown = (event: KeyboardEvent<HTMLElement>, row: TreeRow) => {
    if (event.key === 'Enter') {
      // Enter opens the node as a click on its name does.
      event.currentTarget.querySelector('a')?.click();
      return;
    }
    const move = treeKeyMove(rows, row.id, event.key);
    if (!move) return;
    event.preventDefault();
    if ('expand' in move) toggle(move.expand);
    else if ('collapse' in move) toggle(move.collapse);
    else {
      setFocused(move.focus);
      rowRefs.current.get(move.focus)?.focus();
    }
  };

  const label = resolveText(definition.title, translate, locale);
  const id = testId ?? `defined-tree-${definition.id}`;
  const switches = !bare && facets.some((facet) => facet.input === 'switch') && (
    <FacetSwitches idPrefix={definition.id} facets={facets} choices={choices} translate={translate} locale={locale} onChange={(facetId, on) => setChoices((known) => ({ ...known, [facetId]: on }))} />
  );

  return (
    <Box>
      {(showTitle || switches) && (
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 2, mb: 1 }}>
          {showTitle ? (
            <Typography variant="h6" component="h2">
              {label}
            </Typography>
          ) : (
            <span />
          )}
          {switches}
        </Stack>
      )}
      {view?.find && !bare && (
        <TreeFind
          find={view.find}
          testId={`${definition.id}-find`}
          text={(ref) => resolveText(ref, translate, locale)}
          context={context}
          callService={callService}
          to={findTo}
          onError={(error) => !isCanceled(error) && setRoot((known) => ({ ...known, error: errorText(error, t('lifecycle.hierarchy.loadFailed')) }))}
        />
      )}
      {root.error && <Alert severity="error" sx={{ mb: 1 }}>{root.error}</Alert>}
      {!root.level && !root.error && <CircularProgress size={24} />}
      {root.level && (
        <Box role="tree" aria-label={label} data-testid={id}>
          {rows.map((row) => {
            if (row.truncatedCount !== undefined) {
              return (
                <Typography key={row.id} variant="caption" color="text.secondary" component="div" sx={{ pl: row.depth * 3 + 5, py: 0.5 }}>
                  {view?.truncated ? resolveText(view.truncated, translate, locale, { count: row.truncatedCount }) : t('grids.tree.truncated', { count: row.truncatedCount })}
                </Typography>
              );
            }
            const name = String(row.row[nameColumn.field] ?? '');
            const href = hrefOf ? hrefOf(row.row) : linkTarget(nameColumn, row.row);
            const selected = selectedId !== undefined && row.id === selectedId;
            return (
              <Box
                key={row.id}
                role="treeitem"
                aria-level={row.depth + 1}
                aria-expanded={row.hasChildren ? row.expanded : undefined}
                aria-selected={selected || undefined}
                aria-current={selected || undefined}
                tabIndex={row.id === focusId ? 0 : -1}
                ref={(element: HTMLElement | null) => {
                  if (element) rowRefs.current.set(row.id, element);
                  else rowRefs.current.delete(row.id);
                }}
                onKeyDown={(event) => event.target === event.currentTarget && onKeyDown(event, row)}
                onFocus={(event) => event.target === event.currentTarget && setFocused(row.id)}
                data-testid={`tree-node-${row.id}`}
                data-muted={row.muted || undefined}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  pl: row.depth * 3,
                  py: 0.25,
                  minHeight: 36,
                  borderRadius: 1,
                  color: row.muted ? 'text.disabled' : 'text.primary',
                  bgcolor: selected ? 'action.selected' : undefined,
                  '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid', outlineOffset: -2 },
                }}
              >
                {row.hasChildren && row.depth > 0 ? (
                  <IconButton
                    size="small"
                    tabIndex={-1}
                    onClick={() => toggle(row.id)}
                    aria-label={t(row.expanded ? 'grids.tree.collapse' : 'grids.tree.expand', { name })}
                    data-testid={`tree-toggle-${row.id}`}
                  >
                    {row.loading ? <CircularProgress size={16} /> : row.expanded ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
                  </IconButton>
                ) : (
                  <Box sx={{ width: 34, flexShrink: 0 }} />
                )}
                {view?.icon && <KindIcon kind={view.icon.valueKind} value={String(row.row[view.icon.field] ?? '')} color={row.muted ? 'disabled' : 'action'} />}
                {href ? (
                  <Link component={RouterLink} to={href} tabIndex={-1} underline="hover" color="inherit" sx={{ overflowWrap: 'anywhere', fontWeight: selected ? 600 : undefined }}>
                    {name}
                  </Link>
                ) : (
                  <span>{name}</span>
                )}
                <NodeCells columns={otherColumns} row={row.row} muted={row.muted} mutedField={mutedField} locale={locale} translate={translate} />
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
