/**
 * <DefinedRecord>: a screen definition's `recordPage` (the service detail):
 * the record loaded by its call with the context, a header (image, title,
 * flag, subtitle, links the user may follow), the sections in a main and a
 * side column, and the definition's rows as a table under them — each part
 * shown as the user's capabilities and the record's values let it.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Capability } from '../../contract/capabilities';
import { pageFormatting } from '../../contract/formatting';
import {
  buildGridModel,
  headerLinks,
  kindLabel,
  recordPageModel,
  resolveText,
  valueAt,
  type RecordPageModel,
  type RecordSectionDefinition,
  type ScreenContext,
  type ScreenDefinition,
  type Translate,
} from '../../engine/grids';
import type { GridServiceCaller } from './grid-service';
import { imageOf, ServiceImage } from './cells/ServiceImage';
import { RecordRows } from './RecordRows';
import { RecordSection, type RecordTexts } from './RecordSection';
import type { RecordCalls } from './RecordFileRoundTrip';
import { useRecordPage, type Answer } from './use-record-page';

type Values = Record<string, unknown>;

export interface DefinedRecordProps {
  definition: ScreenDefinition;
  context: ScreenContext;
  capabilities: readonly Capability[];
  callService: GridServiceCaller;
  /** A block saved something (a file round trip): its message. */
  onSuccess?: (message: string) => void;
  onError?: (message: string) => void;
  /** A block saved something: the record reloads, and whoever opened the page may reload too. */
  onChanged?: () => void;
  /** Opens a route of the app (an actions block's go). */
  navigate?: (to: string, options?: { replace?: boolean }) => void;
}

function Header({ id, model, header, values, context, texts }: { id: string; model: RecordPageModel; header: NonNullable<RecordPageModel['header']>; values: Values; context: ScreenContext; texts: RecordTexts }) {
  const title = String(valueAt(values, header.titleField) ?? '');
  const subtitle = (header.subtitle ?? [])
    .map((part) => {
      const value = valueAt(values, part.field);
      if (value === null || value === undefined || value === '') return '';
      return part.valueKind ? kindLabel(part.valueKind, String(value), texts.translate) : String(value);
    })
    .filter(Boolean);
  const links = headerLinks(model, values, context);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, mb: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexGrow: 1, minWidth: 0 }}>
        {header.imageField && <ServiceImage icon={imageOf(valueAt(values, header.imageField))} name={title} size={72} />}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" data-testid={`${id}-name`} sx={{ overflowWrap: 'anywhere' }}>
            {title}
            {header.flag && valueAt(values, header.flag.field) === true && <Chip size="small" color="secondary" label={texts.text(header.flag.label)} sx={{ ml: 1, verticalAlign: 'middle' }} />}
          </Typography>
          {subtitle.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {subtitle.join(' · ')}
            </Typography>
          )}
        </Box>
      </Stack>
      {links.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {links.map(({ link, to }) => (
            <Button key={link.id} variant={link.emphasis ? 'contained' : 'outlined'} component={RouterLink} to={to} data-testid={`${id}-${link.id}`}>
              {texts.text(link.label)}
            </Button>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

const failureOf = (answer: Answer<Values> | undefined) => (answer?.state === 'failed' ? answer.message : undefined);

export function DefinedRecord({ definition, context, capabilities, callService, onSuccess, onError, onChanged, navigate }: DefinedRecordProps) {
  const { t, i18n } = useTranslation();
  const locale = pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale;
  const translate: Translate = useCallback((key, values) => String(t(key, values)), [t]);
  const texts: RecordTexts = useMemo(() => ({ translate, locale, text: (ref, values) => resolveText(ref, translate, locale, values) }), [translate, locale]);
  const contextKey = JSON.stringify(context);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the context's content, not the object
  const model = useMemo(() => recordPageModel(definition, capabilities, context), [definition, capabilities, contextKey]);
  const columns = useMemo(() => buildGridModel(definition, { capabilities, translate, locale }).columns, [definition, capabilities, translate, locale]);
  if (!model) return <Alert severity="error">{t('grids.definitionInvalid', { name: definition.id })}</Alert>;
  const calls: RecordCalls = { callService, context, language: i18n.resolvedLanguage ?? i18n.language, onSuccess, onError, onChanged, navigate, capabilities };
  return <RecordPage definition={definition} model={model} context={context} callService={callService} texts={texts} columns={columns} calls={calls} />;
}

function RecordPage({
  definition,
  model,
  context,
  callService,
  texts,
  columns,
  calls,
}: {
  calls: RecordCalls;
  definition: ScreenDefinition;
  model: RecordPageModel;
  context: ScreenContext;
  callService: GridServiceCaller;
  texts: RecordTexts;
  columns: ReturnType<typeof buildGridModel>['columns'];
}) {
  const id = definition.id;
  const notFound = texts.text(model.page.notFound);
  // Read again by a button (its values stay shown meanwhile).
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  const data = useRecordPage(definition, model, context, callService, notFound, round);
  const pageCalls = useMemo(() => ({ ...calls, reload }), [calls, reload]);
  const failedValues = model.page.load.failed;
  // A page that says what an unanswered call means (a status page: down) draws those values instead of the refusal.
  const record = data.record?.state === 'failed' && failedValues ? ({ state: 'done', value: failedValues } as const) : data.record;
  if (!record || record.state === 'failed') {
    return (
      <Alert severity="warning" sx={{ m: 2 }} data-testid={`${id}-error`}>
        {record?.state === 'failed' ? record.message : notFound}
      </Alert>
    );
  }
  if (record.state === 'loading') return <LinearProgress />;
  const values: Values = { ...record.value };
  for (const [name, answer] of Object.entries(data.sources)) if (answer.state === 'done') values[name] = answer.value;
  const drawn = (section: RecordSectionDefinition) => !section.source || data.sources[section.source]?.state !== 'loading';
  const sectionsOf = (sections: readonly RecordSectionDefinition[]) =>
    sections.filter(drawn).map((section) => <RecordSection key={section.id} idPrefix={id} section={section} values={values} texts={texts} failure={section.source ? failureOf(data.sources[section.source]) : undefined} calls={pageCalls} />);
  const rowsSpec = model.page.rows;
  return (
    // On a page of its own the page gives the margins and the width.
    <Box sx={definition.page ? undefined : { p: { xs: 1, sm: 2 }, maxWidth: 1280 }} data-testid={id}>
      {model.header && <Header id={id} model={model} header={model.header} values={values} context={context} texts={texts} />}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        {model.main.length > 0 && (
          <Stack spacing={2} sx={{ flex: 2, minWidth: 0, width: '100%' }}>
            {sectionsOf(model.main)}
          </Stack>
        )}
        {model.side.length > 0 && (
          <Stack spacing={2} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
            {sectionsOf(model.side)}
          </Stack>
        )}
      </Stack>
      {rowsSpec && data.rows?.state === 'done' && (
        <Box sx={{ mt: 2 }}>
          <RecordRows testId={`${id}-${rowsSpec.id}`} rows={data.rows.value} rowId={definition.dataSource.rowId} columns={columns} spec={rowsSpec} context={context} texts={texts} />
        </Box>
      )}
      {rowsSpec && data.rows?.state === 'failed' && (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid={`${id}-${rowsSpec.id}-failed`}>
          {data.rows.message}
        </Alert>
      )}
    </Box>
  );
}
