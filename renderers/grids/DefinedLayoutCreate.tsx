/**
 * <DefinedLayoutCreate>: a screen definition's `layoutCreate` — a new record from the form layout of the kind the
 * context names (an account type by its route segment): its title and parent, a variant chosen first when the
 * kind's layout depends on one (the product of a subscription), notices read from calls (a price, a limit), the
 * layout's form in create mode with its save bar; the created record's route opens. An unknown kind or parent is
 * not found. See screen-definitions/README.md "Layout creates".
 */
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Capability } from '../../contract/capabilities';
import { pageFormatting } from '../../contract/formatting';
import type { ViewLayout } from '../../contract/services/account-schemas';
import { isValueKind } from '../../contract/value-kinds';
import { layoutToFormModel } from '../../engine/forms';
import {
  applyBindings,
  BindingError,
  createdRoute,
  formatMoney,
  kindLabel,
  layoutCreateState,
  layoutCreateTitle,
  layoutCreateViews,
  noticeShown,
  optionsBody,
  readAllRows,
  readOptions,
  readPath,
  resolveText,
  type LayoutCreateDefinition,
  type LayoutNoticeDefinition,
  type NoticeFormat,
  type ScreenContext,
  type ScreenDefinition,
  type SourceOption,
  type TextRef,
} from '../../engine/grids';
import { accountFormServices, defaultRendererRegistry, LayoutForm, LayoutSaveBar, useLayoutForm, type MfaServices } from '../forms';
import { errorText, type GridServiceCaller } from './grid-service';
import { NotFoundPage } from './NotFoundPage';

export interface DefinedLayoutCreateProps {
  definition: ScreenDefinition;
  context: ScreenContext;
  capabilities: readonly Capability[];
  callService: GridServiceCaller;
  onError: (message: string) => void;
  onSuccess?: (message: string) => void;
  onDirtyChange?: (dirty: boolean) => void;
  /** Opens the created record's route (replacing the form in the history). */
  navigate?: (to: string, options?: { replace?: boolean }) => void;
  /** The signed-in user's second factor, for fields it protects. */
  mfa?: MfaServices;
}

type Text = (ref: TextRef, values?: Record<string, string | number>) => string;

function Spinner() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '50vh', width: '100%' }} data-testid="page-spinner">
      <CircularProgress aria-busy="true" />
    </Box>
  );
}

/** A call's body from its bindings, or undefined while a context value it needs is missing. */
function boundBody(params: Parameters<typeof applyBindings>[1], context: ScreenContext): Record<string, unknown> | undefined {
  try {
    return applyBindings({}, params, context);
  } catch (error) {
    if (error instanceof BindingError) return undefined;
    throw error;
  }
}

export function DefinedLayoutCreate(props: DefinedLayoutCreateProps) {
  const { definition, context, callService } = props;
  const part = definition.layoutCreate as LayoutCreateDefinition;
  const { t, i18n } = useTranslation();
  const locale = pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale;
  const text = useCallback<Text>((ref, values) => resolveText(ref, (key, given) => String(t(key, given)), locale, values), [t, locale]);
  const source = definition.dataSource;
  const kinds = useQuery({
    queryKey: ['layoutCreate', definition.id, 'kinds', source.service, source.method, locale],
    queryFn: async ({ signal }) => readAllRows(source, await callService(source.service, source.method, applyBindings({}, source.params, context), { signal })),
    // Shown from the cache at once and read again: a kind published meanwhile (the studio) is there.
    retry: false,
  });
  const state = kinds.data ? layoutCreateState(part, kinds.data, context) : undefined;
  const found = state?.state === 'found' ? state : undefined;
  const parentBody = found?.parentId !== undefined ? boundBody(part.parent.load.params, found.context) : undefined;
  const parent = useQuery({
    queryKey: ['layoutCreate', definition.id, 'parent', part.parent.load.service, part.parent.load.method, parentBody],
    queryFn: ({ signal }) => callService(part.parent.load.service, part.parent.load.method, parentBody ?? {}, { signal }),
    enabled: parentBody !== undefined,
    retry: false,
  });

  if (kinds.isPending) return <Spinner />;
  if (!found) return <NotFoundPage title={text(part.notFound.title)} text={text(part.notFound.text)} home={text(part.notFound.home)} />;
  if (parent.isError) return <Alert severity="error">{text(part.parent.failed)}</Alert>;
  if (!parent.data) return <Spinner />;
  const parentName = String(readPath(parent.data, part.parent.nameField) ?? found.parentId);
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }} data-testid={part.testId}>
      <Stack spacing={0.5} sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1">
          {layoutCreateTitle(part, found, text, (key) => i18n.exists(key))}
        </Typography>
        <Typography color="text.secondary">{text(part.title.under, { name: parentName })}</Typography>
      </Stack>
      {found.choosing && part.variant ? (
        <VariantChooser part={part} context={found.context} callService={callService} text={text} navigate={props.navigate} />
      ) : (
        <LayoutPart key={`${found.kind}-${found.variant ?? ''}`} {...props} part={part} context={found.context} variant={found.variant} text={text} locale={locale} />
      )}
    </Box>
  );
}

/** The variant chosen first (the product to order): its value joins the route's query. */
function VariantChooser({ part, context, callService, text, navigate }: { part: LayoutCreateDefinition; context: ScreenContext; callService: GridServiceCaller; text: Text; navigate?: DefinedLayoutCreateProps['navigate'] }) {
  const variant = part.variant as NonNullable<LayoutCreateDefinition['variant']>;
  const [chosen, setChosen] = useState<SourceOption | null>(null);
  const body = useMemo(() => optionsBody(variant.options, context), [variant.options, context]);
  const options = useQuery({
    queryKey: ['layoutCreate', 'variant', variant.options.service, variant.options.method, body],
    queryFn: async ({ signal }) => readOptions(variant.options, await callService(variant.options.service, variant.options.method, body, { signal })),
  });
  const choose = () => {
    if (chosen) navigate?.(`?${new URLSearchParams({ [variant.context]: String(chosen.value) }).toString()}`);
  };
  return (
    <Paper variant="outlined" sx={{ p: 2.5, maxWidth: 560 }}>
      <Stack spacing={2} component="form" onSubmit={(event) => { event.preventDefault(); choose(); }}>
        <Autocomplete
          options={options.data ?? []}
          loading={options.isLoading}
          value={chosen}
          onChange={(_event, value) => setChosen(value)}
          getOptionLabel={(option) => option.label}
          isOptionEqualToValue={(option, value) => option.value === value.value}
          renderInput={(params) => <TextField {...params} label={text(variant.label)} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': `${variant.testId}-picker` } }} />}
        />
        <Button type="submit" variant="contained" disabled={!chosen} sx={{ alignSelf: 'flex-start' }} data-testid={`${variant.testId}-continue`}>
          {text(variant.continue)}
        </Button>
      </Stack>
    </Paper>
  );
}

type LayoutPartProps = DefinedLayoutCreateProps & { part: LayoutCreateDefinition; variant: string | undefined; text: Text; locale: string };

/** The layout's form for the kind (and variant), the notices above it and its create button. */
function LayoutPart({ part, context, variant, text, locale, capabilities, callService, onError, onSuccess, onDirtyChange, navigate, mfa }: LayoutPartProps) {
  const layoutBody = useMemo(() => applyBindings({}, part.layout.params, context), [part.layout.params, context]);
  const layout = useQuery({
    queryKey: ['layoutCreate', 'layout', part.layout.service, part.layout.method, layoutBody, locale],
    queryFn: ({ signal }) => callService(part.layout.service, part.layout.method, layoutBody, { signal }) as Promise<ViewLayout>,
    staleTime: variant ? 0 : Infinity,
    gcTime: variant ? 0 : undefined,
    retry: false,
  });
  if (layout.isError) return <Alert severity="error">{errorText(layout.error, '')}</Alert>;
  if (!layout.data) return <Spinner />;
  return <CreateForm {...{ part, context, variant, text, locale, capabilities, callService, onError, onSuccess, onDirtyChange, navigate, mfa }} layout={layout.data} />;
}

function CreateForm({ part, context, variant, text, locale, capabilities, callService, onError, onSuccess, onDirtyChange, navigate, mfa, layout }: Omit<LayoutPartProps, 'definition'> & { layout: ViewLayout }) {
  const model = useMemo(
    () => layoutToFormModel(layout, { mode: 'create', views: layoutCreateViews(part, variant), capabilities, testers: defaultRendererRegistry.testers }),
    [layout, part, variant, capabilities],
  );
  const kind = String(context[part.kind.as] ?? '');
  const parentId = context[part.parent.as];
  const services = useMemo(
    () => accountFormServices((service, method, params, options) => callService(service, method, params, options), { accountType: kind, productName: variant ?? null, parentAccountId: typeof parentId === 'number' ? parentId : undefined }),
    [callService, kind, variant, parentId],
  );
  const form = useLayoutForm(model, { services });
  const leave = (go: () => void) => {
    flushSync(() => onDirtyChange?.(false));
    go();
  };
  const create = async () => {
    let created: unknown;
    const result = await form.submit(async (values) => {
      const body = { ...applyBindings({}, part.create.params, context), [part.create.valuesParam]: values };
      created = await callService(part.create.service, part.create.method, body);
    });
    if (!result.ok && result.error) onError(errorText(result.error, text(part.cannotCreate)));
    if (!result.ok || created === undefined) return;
    onSuccess?.(text(part.create.done, { name: String(readPath(created, part.create.nameField) ?? '') }));
    const route = createdRoute(part, created);
    leave(() => route && navigate?.(route, { replace: true }));
  };

  if (!model.editable) return <Alert severity="warning">{text(part.cannotCreate)}</Alert>;
  return (
    <Stack spacing={2} component="form" onSubmit={(event) => { event.preventDefault(); void create(); }} noValidate>
      {(part.notices ?? []).map((notice) => (
        <Notice key={notice.id} notice={notice} context={context} callService={callService} text={text} locale={locale} />
      ))}
      <LayoutForm form={form} mfa={mfa} onDirtyChange={onDirtyChange} />
      <LayoutSaveBar form={form} submitLabel={text(part.create.label)} onCancel={() => leave(() => window.history.back())} />
    </Stack>
  );
}

const LINE_STYLE = {
  title: { variant: 'subtitle2', color: undefined },
  figure: { variant: 'h6', color: undefined },
  body: { variant: 'body2', color: undefined },
  caption: { variant: 'body2', color: 'text.secondary' },
} as const;

/** A notice from its call's answer, drawn once the context has what the call needs. */
function Notice({ notice, context, callService, text, locale }: { notice: LayoutNoticeDefinition; context: ScreenContext; callService: GridServiceCaller; text: Text; locale: string }) {
  const { t } = useTranslation();
  const body = useMemo(() => boundBody(notice.source.params, context), [notice.source.params, context]);
  const answer = useQuery({
    queryKey: ['layoutCreate', 'notice', notice.source.service, notice.source.method, body],
    queryFn: ({ signal }) => callService(notice.source.service, notice.source.method, body ?? {}, { signal }),
    enabled: body !== undefined,
    retry: false,
  });
  const format: NoticeFormat = {
    text,
    money: (amount, currency) => formatMoney(amount, currency, locale),
    kindLabel: (name, value) => (isValueKind(name) ? kindLabel(name, value, (key, values) => String(t(key, values))) : value),
  };
  if (!answer.data) return null;
  const shown = noticeShown(notice, answer.data, context, format);
  if (!shown.shown) return null;
  return (
    <Alert severity={shown.tone} icon={shown.icon ? undefined : false} data-testid={notice.id}>
      {shown.lines.map((line, index) => (
        <Typography key={index} variant={LINE_STYLE[line.style].variant} color={LINE_STYLE[line.style].color} component="div" data-testid={line.id ? `${notice.id}-${line.id}` : undefined}>
          {line.text}
        </Typography>
      ))}
    </Alert>
  );
}
