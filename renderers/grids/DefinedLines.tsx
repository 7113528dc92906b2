/**
 * <DefinedLines>: the lines of a definition's `lineEditor` (a quote's
 * products), edited on the screen that saves them: a lookup column chosen from
 * options that fill the line, cells checked by the columns' editable rules (a
 * refused value stays in its cell with the reason), cells shown by condition,
 * computed columns, groups with footers, suggestions as one-click lines. On a
 * narrow screen each line is a card with every field labelled, so no column
 * hides beyond the edge. The screen holds the lines (engine/grids/line-editor.ts).
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/Delete';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme, type SxProps, type Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useCallback, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea, growingTextareaSx } from '../inputs/GrowingTextarea';
import { fontOf, LightField, lightFieldsSx } from '../inputs/LightField';
import { NumberInput } from '../inputs/NumberInput';
import { numberText } from '../inputs/number-text';
import type { Capability } from '../../contract/capabilities';
import { formatPercent, pageFormatting } from '../../contract/formatting';
import {
  captionText,
  cellShown,
  chooseOption,
  formatMoney,
  formatNumber,
  kindLabel,
  lineChosen,
  lineEditorModel,
  lineGroups,
  lineProblems,
  lookupBody,
  newLine,
  optionRows,
  problemText,
  problemValues,
  resolveText,
  shownLine,
  statusLabel,
  typedText,
  typeInLine,
  type ColumnDefinition,
  type EditorLine,
  type LineEditorModel,
  type ScreenContext,
  type ScreenDefinition,
  type Translate,
} from '../../engine/grids';
import type { GridServiceCaller } from './grid-service';
import { useNearView } from './near-view';

type Row = Record<string, unknown>;

export interface DefinedLinesProps {
  definition: ScreenDefinition;
  capabilities: readonly Capability[];
  /** Values the lookup and suggestions bind (e.g. customerId, currency) and contextFields read. */
  context: ScreenContext;
  lines: readonly EditorLine[];
  onChange: (lines: EditorLine[]) => void;
  /** The screen's own say (e.g. a sent quote is read-only); the definition's lineEditor.requires decides too. */
  editable: boolean;
  callService: GridServiceCaller;
  newKey: () => number;
}

/** A cell's value as text in the locale (read-only cells, computed cells, footers). */
function cellText(column: ColumnDefinition, row: Row, locale: string, translate: Translate): string {
  const value = row[column.field];
  if (value === null || value === undefined || value === '') return '—';
  if (column.type === 'money') return formatMoney(value, column.currency ?? String(row[column.currencyField ?? ''] ?? ''), locale);
  if (column.type === 'percent') return formatPercent(value, { locale });
  if (column.type === 'number') return formatNumber(value, locale);
  if (column.valueKind) return kindLabel(column.valueKind, String(value), translate);
  return String(value);
}

const NO_OPTIONS: Row[] = [];
/** A chosen name in one line, up to four when long. */
const NAME_FIELD_SX = growingTextareaSx(1, 4);

/**
 * A line's card on a narrow screen. Until it nears the view (a screen's height away) its fields are drawn
 * light, as they look (LightField): twenty cards of MUI inputs and lookups cost one long task of over a
 * second opening a quote on a slow phone (issue 37). The card's text is there all along (the browser's
 * search, screen readers); the real fields replace the light ones before Tab or a finger can reach them.
 * A line with a refused value is drawn in full at once.
 */
/** The light cards' layout, as the full card's Stack, Box and caption Typography draw it; given once to all the cards. */
const CARDS_SX = ((theme: Theme) => ({
  ...lightFieldsSx(theme),
  '& .LightLine-head': { display: 'flex', gap: theme.spacing(1), alignItems: 'flex-start' },
  '& .LightLine-main': { flex: 1, minWidth: 0 },
  '& .LightLine-fields': { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: theme.spacing(1), marginTop: theme.spacing(1) },
  '& .LightLine-cell': { minWidth: 0 },
  '& .LightLine-caption': { ...fontOf(theme.typography.caption), margin: 0, color: theme.palette.text.secondary },
})) as SxProps<Theme>;

function LineCard({ draw, marked }: { draw: (light: boolean) => ReactNode; marked: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearView(ref);
  return (
    <Paper ref={ref} variant="outlined" sx={{ p: 1.5 }} data-testid="line">
      {draw(!near && !marked)}
    </Paper>
  );
}

export function DefinedLines({ definition, capabilities, context, lines, onChange, editable: screenEditable, callService, newKey }: DefinedLinesProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const translate: Translate = useCallback((key, values) => String(t(key, values)), [t]);
  const text = (ref: Parameters<typeof resolveText>[0], values?: Record<string, string | number>) => resolveText(ref, translate, locale, values);
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const model = useMemo(() => lineEditorModel(definition, capabilities), [definition, capabilities]) as LineEditorModel;
  const lineDefinition = model.definition;
  const editable = screenEditable && model.mayEdit;
  const { lookup, suggestions } = lineDefinition;
  const shownColumns = definition.columns.filter((column) => !column.hidden);
  const lookupColumn = definition.columns.find((column) => column.field === lookup.field);

  const body = lookupBody(lookup.params, context);
  const options = useQuery({
    queryKey: ['definedLines', definition.id, 'lookup', body],
    queryFn: async ({ signal }) => optionRows(await callService(lookup.service, lookup.method, body!, { signal }), lookup.rowsPath),
    enabled: editable && body !== undefined,
    staleTime: 60_000,
  });
  const chosenValues = lines.map((line) => line.values[lookup.field]).filter((value) => value !== null && value !== undefined && value !== '');
  const suggestionBody = suggestions && editable ? lookupBody(suggestions.params, context) : undefined;
  if (suggestionBody && suggestions) suggestionBody[suggestions.linesParam] = chosenValues;
  const suggested = useQuery({
    queryKey: ['definedLines', definition.id, 'suggestions', suggestionBody],
    queryFn: async ({ signal }) => optionRows(await callService(suggestions!.service, suggestions!.method, suggestionBody!, { signal }), undefined),
    enabled: suggestionBody !== undefined,
    staleTime: 60_000,
  });

  const optionList = options.data ?? NO_OPTIONS;
  // A catalogue may hold 20,000 products: each line finds its own by key, not by a walk through them all.
  const optionsByValue = useMemo(() => new Map(optionList.map((option) => [option[lookup.valueField], option])), [optionList, lookup.valueField]);
  const optionOf = (value: unknown) => optionsByValue.get(value);
  const shown = lines.map((line) => shownLine(model, line, context));
  const groups = lineGroups(model, shown);
  const update = (key: number, change: (line: EditorLine) => EditorLine) => onChange(lines.map((line) => (line.key === key ? change(line) : line)));
  const add = (option?: Row) => onChange([...lines, newLine(model, newKey(), option)]);
  const remove = (key: number) => onChange(lines.filter((line) => line.key !== key));
  // Each label once per render, not once per line (twenty lines ask for each of them twice).
  const labels = new Map(shownColumns.map((column) => [column.field, text(column.label)]));
  const labelOf = (column: ColumnDefinition) => labels.get(column.field) ?? text(column.label);

  const groupHeading = (value: unknown) => {
    const by = lineDefinition.groupBy;
    if (!by) return undefined;
    if (value === null || value === undefined || value === '') return by.other ? text(by.other) : '—';
    if (by.valueKind) return kindLabel(by.valueKind, String(value), translate);
    return statusLabel(String(value), by.labelPrefix, translate);
  };

  const lookupCell = (line: EditorLine, row: Row, light: boolean) => {
    const caption = lineChosen(model, line) ? captionText(lineDefinition.caption, row, translate, locale) : '';
    const value = line.values[lookup.field];
    const chosen: Row | null = optionOf(value) ?? (lineChosen(model, line) ? { [lookup.valueField]: value } : null);
    return (
      <>
        {editable && light ? (
          // The lookup's look: its arrow, and room for the clear button a chosen value has.
          <LightField fullWidth endSpace={chosen ? 65 : 39} arrow placeholder={!chosen}>
            {chosen ? String(value ?? '') : lookup.placeholder ? text(lookup.placeholder) : '\u00a0'}
          </LightField>
        ) : editable ? (
          <Autocomplete<Row, false, false, false>
            size="small"
            fullWidth
            options={optionList}
            loading={options.isLoading}
            value={chosen}
            getOptionLabel={(option) => String(option[lookup.valueField] ?? '')}
            isOptionEqualToValue={(option, current) => option[lookup.valueField] === current[lookup.valueField]}
            renderOption={(props, option) => (
              <li {...props} key={String(option[lookup.valueField])}>
                <Stack>
                  <span>{String(option[lookup.valueField])}</span>
                  <Typography variant="caption" color="text.secondary">
                    {captionText(lookup.caption, option, translate, locale)}
                  </Typography>
                </Stack>
              </li>
            )}
            onChange={(_event, option) => update(line.key, (current) => chooseOption(model, current, option))}
            renderInput={(params) => (
              <TextField
                {...params}
                // A long product name wraps instead of ending in "…" (a phone's narrow line: issue 36 item 7), in a
                // text area that grows by CSS, not by MUI's measuring multiline field (issue 37).
                sx={NAME_FIELD_SX}
                placeholder={lookup.placeholder ? text(lookup.placeholder) : undefined}
                slotProps={{
                  ...params.slotProps,
                  input: { ...params.slotProps.input, inputComponent: GrowingTextarea },
                  htmlInput: {
                    ...params.slotProps.htmlInput,
                    'aria-label': lookupColumn ? text(lookupColumn.label) : lookup.field,
                    // Enter chooses an option (the list handles it) and never starts a new line in a name.
                    onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => {
                      (params.slotProps.htmlInput as { onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void }).onKeyDown?.(event);
                      if (event.key === 'Enter') event.preventDefault();
                    },
                  },
                }}
                data-testid={`line-${lookup.field}`}
              />
            )}
          />
        ) : (
          <span data-testid={`line-${lookup.field}`}>{String(value ?? '')}</span>
        )}
        {caption &&
          (editable && light ? (
            <div className="LightLine-caption">{caption}</div>
          ) : (
            <Typography variant="caption" color="text.secondary" component="div">
              {caption}
            </Typography>
          ))}
      </>
    );
  };

  const cell = (column: ColumnDefinition, line: EditorLine, row: Row, light = false): ReactNode => {
    if (column.field === lookup.field) return lookupCell(line, row, light);
    if (!cellShown(model, line.values, column.field)) return null;
    const rule = model.rules.get(column.field);
    const label = labelOf(column);
    if (!editable || !rule || column.compute) return <span data-testid={`line-${column.field}`}>{cellText(column, row, locale, translate)}</span>;
    const problem = lineChosen(model, line) ? lineProblems(model, line)[column.field] : undefined;
    const typed = typedText(line, column.field);
    // A refused value stays in its field, marked, with what the field allows (wide enough to read in two or three lines).
    const marked = problem ? { error: true, helperText: text(problemText(rule, problem), problemValues(rule, typed, locale)), sx: { minWidth: 120 } } : {};
    if (light) {
      const shownText =
        rule.input === 'number'
          ? numberText(line.refused?.[column.field]?.text ?? line.values[column.field], pageFormatting(locale).locale)
          : rule.input === 'select' && column.valueKind && typed
            ? kindLabel(column.valueKind, typed, translate)
            : typed;
      return (
        <LightField fullWidth={rule.input === 'select'} arrow={rule.input === 'select'}>
          {shownText || '\u00a0'}
        </LightField>
      );
    }
    if (rule.input === 'select') {
      return (
        <TextField
          size="small"
          select
          fullWidth
          value={typed}
          onChange={(event) => update(line.key, (current) => typeInLine(model, current, column.field, event.target.value))}
          slotProps={{ htmlInput: { 'aria-label': label } }}
          data-testid={`line-${column.field}`}
        >
          {(rule.options ?? []).map((option) => (
            <MenuItem key={option} value={option}>
              {column.valueKind ? kindLabel(column.valueKind, option, translate) : option}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    if (rule.input === 'number') {
      return (
        <NumberInput
          size="small"
          sx={{ minWidth: 72 }}
          {...marked}
          value={line.refused?.[column.field]?.text ?? line.values[column.field]}
          onText={(entered) => update(line.key, (current) => typeInLine(model, current, column.field, entered))}
          slotProps={{ htmlInput: { 'aria-label': label } }}
          data-testid={`line-${column.field}`}
        />
      );
    }
    return (
      <TextField
        size="small"
        sx={{ minWidth: 72 }}
        {...marked}
        value={typed}
        onChange={(event) => update(line.key, (current) => typeInLine(model, current, column.field, event.target.value))}
        slotProps={{ htmlInput: { inputMode: 'text', 'aria-label': label } }}
        data-testid={`line-${column.field}`}
      />
    );
  };

  const removeButton = (line: EditorLine) => (
    <IconButton size="small" aria-label={text(lineDefinition.removeLabel)} onClick={() => remove(line.key)} data-testid="line-remove">
      <DeleteOutlineIcon fontSize="small" />
    </IconButton>
  );
  const footerCells = (footer: Row | undefined) =>
    shownColumns.map((column, index) => (
      <TableCell key={column.field} align={column.aggregate ? 'right' : 'left'} sx={{ fontWeight: 600 }}>
        {index === 0 ? t('grids.lines.subtotal') : column.aggregate && footer ? cellText(column, footer, locale, translate) : ''}
      </TableCell>
    ));
  const numeric = (column: ColumnDefinition) => column.type === 'money' || column.type === 'number' || column.type === 'percent';

  const emptyText = editable && body === undefined && lineDefinition.waiting ? text(lineDefinition.waiting) : lineDefinition.empty ? text(lineDefinition.empty) : '';

  const table = (
    <TableContainer>
      <Table size="small" data-testid="defined-lines-table">
        <TableHead>
          <TableRow>
            {shownColumns.map((column) => (
              <TableCell key={column.field} align={column.compute && numeric(column) ? 'right' : 'left'} sx={column.field === lookup.field ? { minWidth: column.width ?? 260 } : { width: column.width }}>
                {text(column.label)}
              </TableCell>
            ))}
            {editable && <TableCell sx={{ width: 48 }} />}
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map((group) => (
            <Fragment key={JSON.stringify(group.value ?? null)}>
              {lineDefinition.groupBy && (
                <TableRow data-testid="line-group">
                  <TableCell colSpan={shownColumns.length + (editable ? 1 : 0)} sx={{ bgcolor: 'action.hover', fontWeight: 600 }}>
                    {groupHeading(group.value)}
                  </TableCell>
                </TableRow>
              )}
              {group.indexes.map((index) => (
                <TableRow key={lines[index].key} data-testid="line">
                  {shownColumns.map((column) => (
                    <TableCell key={column.field} align={column.compute && numeric(column) ? 'right' : 'left'}>
                      {cell(column, lines[index], shown[index])}
                    </TableCell>
                  ))}
                  {editable && <TableCell>{removeButton(lines[index])}</TableCell>}
                </TableRow>
              ))}
              {group.footer && (
                <TableRow data-testid="line-footer">
                  {footerCells(group.footer)}
                  {editable && <TableCell />}
                </TableRow>
              )}
            </Fragment>
          ))}
          {lines.length === 0 && (
            <TableRow>
              <TableCell colSpan={shownColumns.length + 1}>
                <Typography color="text.secondary">{emptyText}</Typography>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );

  // Narrow screens: one card per line with each field under its label, so nothing hides beyond the edge.
  const fieldsOf = (line: EditorLine) => shownColumns.filter((column) => column.field !== lookup.field && cellShown(model, line.values, column.field));
  const cards = (
    <Stack spacing={1.5} sx={CARDS_SX} data-testid="defined-lines-cards">
      {groups.map((group) => (
        <Stack key={JSON.stringify(group.value ?? null)} spacing={1}>
          {lineDefinition.groupBy && (
            <Typography variant="subtitle2" data-testid="line-group">
              {groupHeading(group.value)}
            </Typography>
          )}
          {group.indexes.map((index) => (
            <LineCard
              key={lines[index].key}
              marked={editable && lineChosen(model, lines[index]) && Object.keys(lineProblems(model, lines[index])).length > 0}
              draw={(light) =>
                light ? (
                  // The same card in plain markup (CARDS_SX), until it nears the view.
                  <>
                    <div className="LightLine-head">
                      <div className="LightLine-main">{cell(lookupColumn ?? shownColumns[0], lines[index], shown[index], true)}</div>
                      {editable && removeButton(lines[index])}
                    </div>
                    <div className="LightLine-fields">
                      {fieldsOf(lines[index]).map((column) => (
                        <div key={column.field} className="LightLine-cell">
                          <div className="LightLine-caption">{labelOf(column)}</div>
                          {cell(column, lines[index], shown[index], true)}
                        </div>
                      ))}
                    </div>
                  </>
                ) : (
                  <>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                      <Box sx={{ flex: 1, minWidth: 0 }}>{cell(lookupColumn ?? shownColumns[0], lines[index], shown[index])}</Box>
                      {editable && removeButton(lines[index])}
                    </Stack>
                    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, mt: 1 }}>
                      {fieldsOf(lines[index]).map((column) => (
                        <Box key={column.field} sx={{ minWidth: 0 }}>
                          <Typography variant="caption" color="text.secondary" component="div">
                            {labelOf(column)}
                          </Typography>
                          {cell(column, lines[index], shown[index])}
                        </Box>
                      ))}
                    </Box>
                  </>
                )
              }
            />
          ))}
          {group.footer && (
            <Stack direction="row" sx={{ justifyContent: 'space-between', px: 1.5 }} data-testid="line-footer">
              <Typography sx={{ fontWeight: 600 }}>{t('grids.lines.subtotal')}</Typography>
              <Typography sx={{ fontWeight: 600 }}>
                {shownColumns
                  .filter((column) => column.aggregate)
                  .map((column) => cellText(column, group.footer!, locale, translate))
                  .join(' · ')}
              </Typography>
            </Stack>
          )}
        </Stack>
      ))}
      {lines.length === 0 && <Typography color="text.secondary">{emptyText}</Typography>}
    </Stack>
  );

  const suggestionRows = suggested.data ?? [];
  return (
    <Stack spacing={1.5} data-testid={`defined-lines-${definition.id}`}>
      {lineDefinition.title && (
        <Typography variant="h6" component="h2">
          {text(lineDefinition.title)}
        </Typography>
      )}
      {narrow ? cards : table}
      {lines.length > 0 && lineDefinition.note && (
        <Typography variant="body2" color="text.secondary" data-testid="lines-note">
          {text(lineDefinition.note)}
        </Typography>
      )}
      {editable && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button startIcon={<AddIcon />} onClick={() => add()} disabled={body === undefined} data-testid="line-add">
            {text(lineDefinition.addLabel)}
          </Button>
          {suggestions && suggestionRows.length > 0 && (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                {text(suggestions.label)}
              </Typography>
              {suggestionRows.map((row) => {
                const caption = captionText(suggestions.caption, row, translate, locale);
                const chip = (
                  <Chip
                    icon={<AddIcon />}
                    label={caption ? `${String(row[lookup.valueField])} · ${caption}` : String(row[lookup.valueField])}
                    variant="outlined"
                    color="primary"
                    onClick={() => add(optionOf(row[lookup.valueField]) ?? row)}
                    data-testid="line-suggestion"
                  />
                );
                const key = String(row[lookup.valueField]);
                return suggestions.reason ? (
                  <Tooltip key={key} title={text(suggestions.reason, { count: Number(row[suggestions.countField ?? ''] ?? 0) })}>
                    {chip}
                  </Tooltip>
                ) : (
                  <Fragment key={key}>{chip}</Fragment>
                );
              })}
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}
