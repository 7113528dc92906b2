/**
 * The frame of a definition's rows (schema/screen-frame.ts): its record loaded into the context, its
 * page with the way back, the heading (with the record's values), the links, the hint and the
 * record's refusal; its reorder button; the jobs a save or a run answered, followed with a bar.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Fragment, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pageFormatting } from '../../contract/formatting';
import { canOpenScreen, headingValues, meetsAccess, resolveText, routeWithContext, type JobsProgress, type ScreenContext, type TextRef } from '../../engine/grids';
import { ActionIcon } from './action-icons';
import type { DefinedGridProps } from './DefinedGrid';
import { DefinedPage } from './DefinedPage';
import { ReorderButton } from './ReorderDialog';
import { TreeFind } from './TreeFind';
import { usePageRecord } from './use-page-record';
import { useFollowJobs, type SubscribeJobEvents } from './use-follow-jobs';

export interface ScreenFrameProps extends DefinedGridProps {
  /** Live job events for followJobs (else only the slow poll sees them end). */
  subscribeJobEvents?: SubscribeJobEvents;
  /** The app's question before leaving with unsaved edits (a hook, called on every render with whether edits exist). */
  useLeaveGuard?: (dirty: boolean) => void;
}

const useNoGuard = (dirty: boolean) => void dirty;

/** What the frame hands to the rows: the context with the record's values, and how a save's or a run's answer is followed. */
export interface FramedRows {
  context: ScreenContext;
  onSaveResults?: (results: unknown[]) => Promise<boolean>;
  onRunResult?: (result: unknown) => Promise<void>;
  onRowOpen?: (row: Record<string, unknown>) => void;
  onDirtyChange: (dirty: boolean) => void;
  /** The record's whole answer (undefined until it answered) and whether its call was refused. */
  record?: { answer?: unknown; refused: boolean; error?: unknown };
}

const EMPTY_CONTEXT: ScreenContext = {};

export function ScreenFrame({ frame, children }: { frame: ScreenFrameProps; children: (rows: FramedRows) => ReactNode }) {
  const { definition, context = EMPTY_CONTEXT, capabilities, callService, navigate, onError, onSuccess, subscribeJobEvents } = frame;
  const { t, i18n } = useTranslation();
  const locale = pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale;
  const text = useCallback((ref: TextRef, values?: Record<string, string | number>) => resolveText(ref, (key, given) => String(t(key, given)), locale, values), [t, locale]);
  const id = definition.id;

  const useGuard = frame.useLeaveGuard ?? useNoGuard;
  const [dirty, setDirty] = useState(false);
  useGuard(dirty);
  const dirtyChanged = frame.onDirtyChange;
  const onDirtyChange = useCallback((next: boolean) => {
    setDirty(next);
    dirtyChanged?.(next);
  }, [dirtyChanged]);
  const refused = !canOpenScreen(definition, capabilities);

  const record = usePageRecord(refused ? undefined : definition.record, context, callService);
  const contextKey = JSON.stringify([context, record.values]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the content is what matters
  const merged = useMemo<ScreenContext>(() => ({ ...context, ...record.values }), [contextKey]);

  const follow = definition.followJobs;
  const { followJobs, bar } = useFollowJobs({ follow, idPrefix: id, callService, subscribe: subscribeJobEvents, text });
  const ended = (progress: JobsProgress) => {
    if (follow && progress.state === 'failed') onError(text(follow.failedText));
    else if (follow?.done && progress.state === 'done') onSuccess?.(text(follow.done, { count: progress.processed }));
    return progress.state !== 'failed';
  };
  const onSaveResults = frame.onSaveResults ?? (followJobs && ((results: unknown[]) => followJobs(results).then(ended)));
  const onRunResult = followJobs && ((result: unknown) => followJobs([result]).then((progress) => void ended(progress)));

  const rowOpens = definition.rowOpens;
  const onRowOpen =
    frame.onRowOpen ??
    (rowOpens && navigate
      ? (row: Record<string, unknown>) => {
          const route = routeWithContext(rowOpens, row as ScreenContext);
          if (route) navigate(route);
        }
      : undefined);
  const [reloads, setReloads] = useState(0);
  const reorder = !refused && definition.reorder && meetsAccess(capabilities, definition.reorder.requires) ? definition.reorder : undefined;
  const reorderButton = reorder && (
    <ReorderButton
      definition={definition}
      reorder={reorder}
      context={merged}
      text={text}
      callService={callService}
      onError={onError}
      onDone={(message) => {
        onSuccess?.(message);
        setReloads((count) => count + 1);
      }}
    />
  );
  const rows = (
    <Fragment key={reloads}>
      {refused && definition.page?.withoutAccess ? (
        <Alert severity="info" data-testid={`${id}-none`}>
          {text(definition.page.withoutAccess)}
        </Alert>
      ) : (
        children({ context: merged, onSaveResults, onRunResult, onRowOpen, onDirtyChange, record: definition.record ? { answer: record.answer, refused: record.refused, error: record.error } : undefined })
      )}
      {bar}
    </Fragment>
  );

  const page = definition.page;
  if (!page) return (
    <>
      {reorderButton && <Box sx={{ mb: 1 }}>{reorderButton}</Box>}
      {rows}
    </>
  );
  const go = (to: string) => {
    const route = routeWithContext(to, merged);
    if (route) navigate?.(route);
  };
  const values = page.heading && headingValues(page.heading, merged);
  const title = !page.heading ? text(definition.title) : values || !page.heading.whenMissing ? text(page.heading.text, values ?? Object.fromEntries(Object.keys(page.heading.values ?? {}).map((name) => [name, '']))) : text(page.heading.whenMissing);
  const links = refused ? [] : (page.links ?? []).filter((link) => !link.requires || meetsAccess(capabilities, link.requires));
  const find = refused ? undefined : page.find;
  const notFound = definition.record?.notFound && record.refused ? definition.record.notFound : undefined;
  return (
    <DefinedPage
      testId={`${id}-page`}
      titleTestId={page.heading?.testId ?? `${id}-title`}
      page={page}
      title={title}
      back={
        page.back && (
          <Button startIcon={<ArrowBackIcon />} onClick={() => go(page.back!.to)} sx={{ flexShrink: 0 }} data-testid={`${id}-back`}>
            {text(page.back.label)}
          </Button>
        )
      }
      actions={
        (reorderButton || links.length > 0 || find) && (
          <>
            {find && (
              <Box sx={{ width: { xs: '100%', md: 380 }, flexShrink: 0 }}>
                <TreeFind find={find} testId={`${id}-find`} text={text} context={merged} callService={callService} onError={() => undefined} dense />
              </Box>
            )}
            {reorderButton}
            {links.map((link) => (
              <Button key={link.id} variant="outlined" startIcon={<ActionIcon name={link.icon} />} onClick={() => go(link.to)} data-testid={`${id}-${link.id}`}>
                {text(link.label)}
              </Button>
            ))}
          </>
        )
      }
      under={
        (page.hint || notFound) && !refused && (
          <>
            {page.hint && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: page.frame === 'plain' ? 0 : 1 }}>
                {text(page.hint, Object.fromEntries(Object.entries(page.hintValues ?? {}).map(([placeholder, name]) => [placeholder, merged[name] ?? ''])))}
              </Typography>
            )}
            {notFound && (
              <Alert severity="warning" sx={{ mb: 1 }} data-testid={`${id}-not-found`}>
                {text(notFound)}
              </Alert>
            )}
          </>
        )
      }
    >
      {rows}
    </DefinedPage>
  );
}
