/**
 * <DefinedStack>: a definition's `stack` (schema/stack.ts) — its parts one under the other (two half parts side by
 * side on a wide window), each shown only to whom its access and conditions let (engine/grids/stack.ts): other
 * definitions drawn by the screen's own renderer with the context the part hands them, links, notices and panels
 * the app draws by name. A picker above them chooses the context value they follow.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Capability } from '../../contract';
import type { HostPanelName } from '../../contract/host-panels';
import { pageFormatting } from '../../contract/formatting';
import {
  applyBindings, canOpenScreen, readPath, resolveText, routeWithContext, shownStackParts, sourceRows, stackPartContext, stackRows, stackSourceReady,
  type ScreenContext, type ScreenDefinition, type StackDefinition, type StackPartDefinition, type TextRef, type Translate,
} from '../../engine/grids';
import { errorText, isCanceled, type GridServiceCaller } from './grid-service';
import type { DefinitionLoader } from './RowDialog';
import { StackPicker } from './StackPicker';

/** Panels the app draws by name (contract/host-panels.ts) with the part's context. */
export type HostPanels = Partial<Record<HostPanelName, (context: ScreenContext) => ReactNode>>;

export interface StackDrawnPart {
  definition: ScreenDefinition;
  context: ScreenContext;
  height?: string;
}

export interface DefinedStackProps {
  definition: ScreenDefinition & { stack: StackDefinition };
  context: ScreenContext;
  record?: { answer?: unknown; refused: boolean };
  capabilities: readonly Capability[];
  userId: string | number | undefined;
  callService: GridServiceCaller;
  loadDefinition?: DefinitionLoader;
  hostPanels?: HostPanels;
  onError: (message: string) => void;
  /** The picker chose a value (the host may keep it, e.g. in the query). */
  onContextChange?: (context: ScreenContext) => void;
  /** Draws a part's definition (the screen's own renderer). */
  renderPart: (part: StackDrawnPart) => ReactNode;
}

/** The definitions the parts draw, read once each. */
function useDefinitions(names: readonly string[], loadDefinition: DefinitionLoader | undefined) {
  const [loaded, setLoaded] = useState<Record<string, ScreenDefinition>>({});
  const key = names.join(' ');
  useEffect(() => {
    if (!loadDefinition || !key) return undefined;
    let live = true;
    for (const name of key.split(' ')) {
      loadDefinition(name).then(
        (definition) => live && setLoaded((before) => ({ ...before, [name]: definition })),
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [key, loadDefinition]);
  return loaded;
}

/** Each source's rows, read again when the context changes. */
function useSources(stack: StackDefinition, context: ScreenContext, callService: GridServiceCaller, onError: (error: unknown) => void) {
  const [rows, setRows] = useState<Record<string, unknown[]>>({});
  const contextKey = JSON.stringify(context);
  useEffect(() => {
    const controller = new AbortController();
    const shown = JSON.parse(contextKey) as ScreenContext;
    for (const source of stack.sources ?? []) {
      if (!stackSourceReady(source, shown)) continue;
      Promise.resolve()
        .then(() => callService(source.service, source.method, applyBindings({}, source.params, shown), { signal: controller.signal }))
        .then(
          (answer) => setRows((before) => ({ ...before, [source.id]: sourceRows(answer, source.rowsPath) })),
          (error: unknown) => {
            if (isCanceled(error)) return;
            // A refused source shows no part that reads it.
            setRows((before) => ({ ...before, [source.id]: [] }));
            onError(error);
          },
        );
    }
    return () => controller.abort();
    // onError may be a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stack, contextKey, callService]);
  return rows;
}

export function DefinedStack({ definition, context: given, record, capabilities, userId, callService, loadDefinition, hostPanels, onError, onContextChange, renderPart }: DefinedStackProps) {
  const { t, i18n } = useTranslation();
  const locale = pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale;
  const translate: Translate = useCallback((key, values) => String(t(key, values)), [t]);
  const text = useCallback((ref: TextRef) => resolveText(ref, translate, locale), [translate, locale]);
  const { stack } = definition;
  const [picked, setPicked] = useState<{ value: string | number; label: string }>();
  const contextKey = JSON.stringify([given, picked?.value]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the content is what matters
  const context = useMemo<ScreenContext>(() => (picked && stack.picker ? { ...given, [stack.picker.context]: picked.value } : given), [contextKey]);
  const report = useCallback((error: unknown) => onError(errorText(error, t('grids.loadFailed'))), [onError, t]);
  const sources = useSources(stack, context, callService, report);
  const names = useMemo(() => [...new Set(stack.parts.flatMap((part) => (part.definition ? [part.definition.name] : [])))], [stack]);
  const definitions = useDefinitions(names, loadDefinition);
  const opens = Object.fromEntries(names.map((name) => [name, definitions[name] ? canOpenScreen(definitions[name], capabilities) : undefined]));
  const { parts } = shownStackParts(stack, { capabilities, userId, context, sources, opens });

  const drawPart = (part: StackPartDefinition) => {
    let body: ReactNode = null;
    if (part.definition) {
      const named = definitions[part.definition.name];
      body = named ? renderPart({ definition: named, context: stackPartContext(part, context), height: part.definition.height }) : null;
    } else if (part.link) {
      const to = routeWithContext(part.link.to, context);
      body = to ? (
        <Link component={RouterLink} to={to} data-testid={part.testId ?? `${definition.id}-${part.id}`}>
          {text(part.link.label)}
        </Link>
      ) : null;
      return body;
    } else if (part.notice) {
      body = <Alert severity={part.notice.tone ?? 'info'}>{text(part.notice.text)}</Alert>;
    } else if (part.hostPanel) {
      body = hostPanels?.[part.hostPanel]?.(context) ?? null;
    }
    return (
      <Box sx={{ minWidth: 0 }} data-testid={part.testId ?? `${definition.id}-${part.id}`}>
        {part.title && (
          <Typography variant="h6" component="h2" gutterBottom>
            {text(part.title)}
          </Typography>
        )}
        {body}
      </Box>
    );
  };

  const picker = stack.picker;
  const recordName = picker?.namePath ? readPath(record?.answer, picker.namePath) : undefined;
  return (
    <Stack spacing={2} data-testid={stack.testId ?? `${definition.id}-stack`}>
      {picker && (
        <StackPicker
          picker={picker}
          label={text(picker.label)}
          help={picker.help ? text(picker.help) : undefined}
          empty={text(picker.empty)}
          shown={picked?.label ?? (typeof recordName === 'string' || typeof recordName === 'number' ? String(recordName) : '')}
          context={context}
          callService={callService}
          onError={report}
          onPick={(option) => {
            setPicked({ value: option.value, label: option.label });
            onContextChange?.({ ...given, [picker.context]: option.value });
          }}
        />
      )}
      {stackRows(parts).map((row) => (
        <Box key={row.map((part) => part.id).join(' ')} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: row.length === 2 ? '1fr 1fr' : '1fr' }, alignItems: 'start' }}>
          {row.map((part) => (
            <Box key={part.id} sx={{ minWidth: 0 }}>
              {drawPart(part)}
            </Box>
          ))}
        </Box>
      ))}
    </Stack>
  );
}
