/**
 * The record of panes above their rows (schema/panes.ts `head`): the way up as breadcrumbs, its name and
 * chips, then its links, the links a method's rows give (New <type> …) and its actions (RecordActions), shown by
 * their conditions on the record and the rows its lookups find (the record's type and what it offers).
 */
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Capability } from '../../contract/capabilities';
import {
  applyBindings,
  recordCallBody,
  headValues,
  lookupKey,
  recordHeadChips,
  headName,
  headRoute,
  headTrail,
  kindLabel,
  linkRows,
  linksFromRows,
  type ChipColor,
  type PanesHeadDefinition,
  type RowLink,
  type ScreenContext,
  type TextRef,
  type Translate,
} from '../../engine/grids';
import { ActionIcon } from './action-icons';
import { isCanceled, type GridServiceCaller } from './grid-service';
import { RecordActions } from './RecordActions';

export interface PanesHeadProps {
  head: PanesHeadDefinition;
  record: Record<string, unknown>;
  context: ScreenContext;
  callService: GridServiceCaller;
  text: (ref: TextRef, values?: Record<string, string | number>) => string;
  translate: Translate;
  /** The user's capabilities (which actions show). */
  capabilities: readonly Capability[];
  /** The formatting locale (values an action's notice names). */
  locale: string;
  onError: (error: unknown) => void;
  /** An action's passing notice. */
  onSuccess?: (message: string) => void;
  /** Opens a route of the app (an action's link, without reloading the page). */
  navigate?: (to: string) => void;
  /** The record's name is the page's heading (a page of tabs has no other); else a heading under the page's. */
  pageHeading?: boolean;
}

type LinksFrom = NonNullable<PanesHeadDefinition['linksFrom']>[number];
/** A call whose rows the head reads: a linksFrom source, or a lookup under its key. */
type RowsCall = Pick<LinksFrom, 'id' | 'service' | 'method' | 'params' | 'rowsPath'>;

/** The rows of every linksFrom and lookup call, read again when a call's bound values change; the same call is made once. */
function useLinkRows(sources: readonly RowsCall[] | undefined, context: ScreenContext, callService: GridServiceCaller, onError: (error: unknown) => void) {
  const [rows, setRows] = useState<ReadonlyMap<string, Record<string, unknown>[]>>(new Map());
  // The calls as sent: a context value none of them reads (the record's, once it answered) asks nothing again.
  const key = JSON.stringify(sources?.map((source) => [source, recordCallBody(source, context) ?? null]));
  useEffect(() => {
    if (!sources) return undefined;
    const controller = new AbortController();
    const answers = new Map<string, Promise<unknown>>();
    for (const source of sources) {
      const call = JSON.stringify([source.service, source.method, source.params ?? {}]);
      const answer =
        answers.get(call) ??
        Promise.resolve().then(() => callService(source.service, source.method, applyBindings({}, source.params, context), { signal: controller.signal }));
      if (!answers.has(call)) {
        answers.set(call, answer);
        answer.catch((error: unknown) => !isCanceled(error) && onError(error));
      }
      answer.then(
        (value) => setRows((known) => new Map(known).set(source.id, linkRows(source, value))),
        () => undefined,
      );
    }
    return () => controller.abort();
    // The content of the sources and the context is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, callService]);
  return rows;
}

export function PanesHead({ head, record, context, callService, text, translate, capabilities, locale, onError, onSuccess, navigate, pageHeading = false }: PanesHeadProps) {
  const { t, i18n } = useTranslation();
  const calls = useMemo(() => [...(head.linksFrom ?? []), ...(head.lookups ?? []).map((lookup) => ({ ...lookup, id: lookupKey(lookup) }))], [head]);
  const rows = useLinkRows(calls, context, callService, onError);
  const name = headName(head, record);
  const trail = headTrail(head, record);
  const values = headValues(head, record, rows);
  const rowLinks: (RowLink & { source: LinksFrom })[] = (head.linksFrom ?? []).flatMap((source) => linksFromRows(source, rows.get(source.id) ?? [], record).map((link) => ({ ...link, source })));
  return (
    <Stack spacing={1.5} sx={{ mb: 2 }}>
      {head.trail && trail.length > 0 && (
        <Breadcrumbs aria-label={text(head.trail.label)} data-testid={head.trail.testId}>
          {trail.map((entry) => (
            <Link key={entry.key} component={RouterLink} to={entry.to} underline="hover" color="inherit">
              {entry.label}
            </Link>
          ))}
          <Typography color="text.primary">{name}</Typography>
        </Breadcrumbs>
      )}
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant={pageHeading ? 'h5' : 'h6'} component={pageHeading ? 'h1' : 'h2'} data-testid={head.name.testId} sx={{ overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        {recordHeadChips(head, record).map((chip) => (
          <Chip key={chip.field} size="small" color={chip.color as ChipColor} label={chip.valueKind ? kindLabel(chip.valueKind, chip.value, translate) : chip.value} data-testid={chip.testId} />
        ))}
      </Stack>
      {/* No buttons, no row (an account without lifecycle actions leaves no gap). */}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center', '&:empty': { display: 'none' } }} data-testid={head.actionsTestId}>
        {(head.links ?? []).map((link) => (
          <Button key={link.id} variant={link.emphasis ? 'contained' : 'outlined'} size="small" startIcon={<ActionIcon name={link.icon} />} component={RouterLink} to={headRoute(link.to, record)} data-testid={link.testId ?? `head-${link.id}`}>
            {text(link.label)}
          </Button>
        ))}
        {rowLinks.map((link) => (
          <Button key={`${link.source.id}-${link.key}`} variant="outlined" size="small" startIcon={<ActionIcon name={link.source.icon} />} component={RouterLink} to={link.to} data-testid={link.testId}>
            {link.labelKey && i18n.exists(link.labelKey) ? t(link.labelKey) : text(link.source.label, link.values)}
          </Button>
        ))}
        {head.actions && (
          <RecordActions
            look="head"
            buttons={head.actions}
            values={values}
            texts={{ text, translate }}
            calls={{ callService, context, language: locale, capabilities, onSuccess, onError: (message) => onError(new Error(message)), navigate }}
            idPrefix="head"
          />
        )}
      </Stack>
    </Stack>
  );
}
