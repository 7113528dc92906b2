/**
 * <LinkLists>: a definition's `linkLists` (schema/link-lists.ts) — lists of links side by side on a wide
 * window, one under the other on a phone. Each list makes its own call (only for whom its `requires` lets),
 * pages by the server's "more follow" or in the browser, and draws each entry as a link with its symbol,
 * its line of details and muted when its condition holds. A shell link goes where the screen host's
 * resolver says (the legacy app, when the branding names one).
 */
import AppsIcon from '@mui/icons-material/Apps';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import LinkIcon from '@mui/icons-material/Link';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Capability } from '../../contract/capabilities';
import { pageFormatting } from '../../contract/formatting';
import {
  linkDestination,
  linkItemDetails,
  linkItemMuted,
  linkListBody,
  linkListPage,
  resolveText,
  shownLinkLists,
  type LinkDestination,
  type LinkListDefinition,
  type LinkListsDefinition,
  type ResolveLink,
  type ScreenContext,
  type ScreenDefinition,
  type TextRef,
} from '../../engine/grids';
import { KindIcon } from './cells/KindIcon';
import type { GridServiceCaller } from './grid-service';

const SYMBOLS = { Apps: AppsIcon, Article: ArticleOutlined, Folder: FolderOutlined, Link: LinkIcon } as const;

type Text = (ref: TextRef, values?: Record<string, string | number>) => string;
type Row = Record<string, unknown>;

export interface LinkListsProps {
  definition: ScreenDefinition & { linkLists: LinkListsDefinition };
  context: ScreenContext;
  capabilities: readonly Capability[];
  callService: GridServiceCaller;
  /** The host's resolver of shell links; without it a shell link takes its fallback route. */
  resolveLink?: ResolveLink;
}

export function LinkLists({ definition, context, capabilities, callService, resolveLink }: LinkListsProps) {
  const { t, i18n } = useTranslation();
  const locale = pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale;
  const text = useCallback<Text>((ref, values) => resolveText(ref, (key, given) => String(t(key, given)), locale, values), [t, locale]);
  const lists = shownLinkLists(definition.linkLists, capabilities);
  // A new context (another search text) starts every list at its first page.
  const contextKey = JSON.stringify(context);
  return (
    <Box
      data-testid={definition.linkLists.testId ?? `${definition.id}-lists`}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: `repeat(${lists.length}, minmax(0, 1fr))` }, gap: 2, alignItems: 'start' }}
    >
      {lists.map((list) => (
        <LinkListSection
          key={`${list.id}-${contextKey}`}
          {...{ definition, list, context, callService, resolveLink, text, locale }}
          translate={(key, values) => String(t(key, values))}
        />
      ))}
    </Box>
  );
}

interface SectionProps {
  definition: ScreenDefinition & { linkLists: LinkListsDefinition };
  list: LinkListDefinition;
  context: ScreenContext;
  callService: GridServiceCaller;
  resolveLink?: ResolveLink;
  text: Text;
  translate: (key: string, values?: Record<string, string | number>) => string;
  locale: string;
}

function LinkListSection({ definition, list, context, callService, resolveLink, text, translate, locale }: SectionProps) {
  const [page, setPage] = useState(0);
  const serverPaged = list.source.paging.mode === 'hasMore';
  const body = linkListBody(list, context, serverPaged ? page : 0);
  const answer = useQuery({
    queryKey: ['linkList', definition.id, list.id, body],
    queryFn: ({ signal }) => callService(list.source.service, list.source.method, body ?? {}, { signal }),
    enabled: body !== undefined,
    placeholderData: keepPreviousData,
  });
  const shown = answer.data === undefined ? undefined : linkListPage(list, answer.data, page);
  const testId = list.testId ?? `${definition.id}-${list.id}`;
  const more = list.more && shown && shown.total > 0 ? linkDestination(list.more.link, {}, context, resolveLink) : undefined;
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {text(list.title, { count: shown?.total ?? 0 })}
      </Typography>
      {answer.isFetching && <LinearProgress />}
      {answer.isError && <Alert severity="error">{text(list.failed)}</Alert>}
      {shown && shown.rows.length === 0 && <Typography color="text.secondary">{text(list.empty)}</Typography>}
      <List dense disablePadding>
        {shown?.rows.map((row) => (
          <LinkEntry key={String(row[list.item.idField])} {...{ list, row, context, resolveLink, translate, locale }} testId={list.itemTestId ?? `${testId}-item`} />
        ))}
      </List>
      <Pager page={page} hasMore={shown?.hasMore ?? false} onPage={setPage} labels={definition.linkLists.pager} text={text} testId={testId} />
      {more && list.more && (
        <Link {...linkProps(more)} underline="hover" variant="body2" data-testid={`${testId}-more`}>
          {text(list.more.label, { count: shown?.total ?? 0 })}
        </Link>
      )}
    </Paper>
  );
}

/** A route of the app opens in the router; an address elsewhere is a plain link. */
const linkProps = (destination: LinkDestination) => (destination.kind === 'route' ? { component: RouterLink, to: destination.to } : { href: destination.href });

function LinkEntry({ list, row, context, resolveLink, translate, locale, testId }: { list: LinkListDefinition; row: Row; context: ScreenContext; resolveLink?: ResolveLink; translate: SectionProps['translate']; locale: string; testId: string }) {
  const muted = linkItemMuted(list, row);
  const destination = linkDestination(list.item.link, row, context, resolveLink);
  const details = linkItemDetails(list, row, translate, locale);
  const { icon, symbol } = list.item;
  const Symbol = symbol ? SYMBOLS[symbol] : undefined;
  const drawn: ReactNode = icon ? (
    <KindIcon kind={icon.valueKind} value={String(row[icon.field] ?? '')} color={muted ? 'disabled' : 'action'} />
  ) : Symbol ? (
    <Symbol fontSize="small" color={muted ? 'disabled' : 'action'} />
  ) : undefined;
  const content = (
    <>
      {drawn && <ListItemIcon sx={{ minWidth: 36 }}>{drawn}</ListItemIcon>}
      <ListItemText primary={String(row[list.item.titleField] ?? '')} secondary={details || undefined} sx={{ color: muted ? 'text.disabled' : undefined }} />
    </>
  );
  return (
    // A list's entries are <li> (axe: list); the link is inside.
    <ListItem disablePadding data-muted={muted || undefined}>
      {destination ? (
        <ListItemButton {...(destination.kind === 'route' ? { component: RouterLink, to: destination.to } : { component: 'a', href: destination.href })} data-testid={testId}>
          {content}
        </ListItemButton>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 0.5 }} data-testid={testId}>
          {content}
        </Box>
      )}
    </ListItem>
  );
}

function Pager({ page, hasMore, onPage, labels, text, testId }: { page: number; hasMore: boolean; onPage: (page: number) => void; labels: LinkListsDefinition['pager']; text: Text; testId: string }) {
  if (page === 0 && !hasMore) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
      <Button size="small" disabled={page === 0} onClick={() => onPage(page - 1)} data-testid={`${testId}-previous`}>
        {text(labels.previous)}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {text(labels.page, { page: page + 1 })}
      </Typography>
      <Button size="small" disabled={!hasMore} onClick={() => onPage(page + 1)} data-testid={`${testId}-next`}>
        {text(labels.next)}
      </Button>
    </Box>
  );
}
