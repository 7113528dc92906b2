import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  bulletItems,
  itemLines,
  stateNotice,
  namedValues,
  recordConditionHolds,
  recordValueText,
  valueAt,
  type RecordBlockDefinition,
  type RecordFactDefinition,
  type RecordSectionDefinition,
  type TextRef,
  type Translate,
} from '../../engine/grids';
import { RecordActions } from './RecordActions';
import { RecordFileRoundTrip, type RecordCalls } from './RecordFileRoundTrip';

type Values = Record<string, unknown>;

export interface RecordTexts {
  translate: Translate;
  locale: string;
  text: (ref: TextRef, values?: Record<string, string | number>) => string;
}

const textOf = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function Facts({ fields, columns = 3, values, texts, idPrefix }: { fields: readonly RecordFactDefinition[]; columns?: number; values: Values; texts: RecordTexts; idPrefix: string }) {
  const shown = fields.filter((fact) => recordConditionHolds(fact.when, values));
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: columns === 1 ? '1fr' : '1fr 1fr', sm: `repeat(${columns}, 1fr)` } }}>
      {shown.map((fact) => (
        <Box key={fact.field} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {texts.text(fact.label)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={fact.id && `${idPrefix}-${fact.id}`}>
            {recordValueText(fact, values, texts.locale, texts.translate) || '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Block({ block, values, texts, testId, idPrefix, calls }: { block: RecordBlockDefinition; values: Values; texts: RecordTexts; testId?: string; idPrefix: string; calls?: RecordCalls }) {
  switch (block.kind) {
    case 'text': {
      const text = textOf(valueAt(values, block.field));
      if (!text) return null;
      return (
        <Typography variant={block.style === 'lead' ? 'subtitle1' : 'body2'} sx={{ whiteSpace: 'pre-line' }} data-testid={testId}>
          {text}
        </Typography>
      );
    }
    case 'bullets': {
      const items = bulletItems(valueAt(values, block.field));
      if (items.length === 0) return null;
      return (
        <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid={testId}>
          {items.map((item, index) => (
            <Typography component="li" variant="body2" key={`${index}:${item}`}>
              {item}
            </Typography>
          ))}
        </Box>
      );
    }
    case 'chips': {
      const items = bulletItems(valueAt(values, block.field));
      if (items.length === 0) return null;
      return (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid={testId}>
          {items.map((item) => (
            <Chip key={item} size="small" variant="outlined" label={item} />
          ))}
        </Stack>
      );
    }
    case 'figure':
      return (
        <Typography variant="h4" component="p" data-testid={testId}>
          {recordValueText(block, values, texts.locale, texts.translate) || '—'}
        </Typography>
      );
    case 'state': {
      const notice = stateNotice(block, values, texts.translate, texts.locale);
      if (!notice) return null;
      return (
        <Alert severity={notice.severity} data-testid={testId} data-status={notice.value}>
          {notice.text}
        </Alert>
      );
    }
    case 'items': {
      const lines = itemLines(block, values, texts.translate);
      if (lines.length === 0) return null;
      return (
        <List disablePadding aria-label={block.label && texts.text(block.label)} data-testid={testId}>
          {lines.map((line) => (
            <ListItem
              key={line.key}
              divider
              data-testid={`${idPrefix}-${line.key}`}
              data-status={line.chip?.value}
              // Room for the chip: on a phone a long second line ran under it.
              sx={line.chip ? { pr: 13 } : undefined}
              secondaryAction={line.chip && <Chip size="small" color={line.chip.color as ChipProps['color']} label={line.chip.label} />}
            >
              <ListItemText primary={line.primary} secondary={line.secondary} />
            </ListItem>
          ))}
        </List>
      );
    }
    case 'note': {
      const text = texts.text(block.text, namedValues(block.values, values, texts.locale, texts.translate));
      if (block.tone === 'info' || block.tone === 'warning') {
        return (
          <Alert severity={block.tone} data-testid={testId}>
            {text}
          </Alert>
        );
      }
      return (
        <Typography variant="body2" color="text.secondary" data-testid={testId}>
          {text}
        </Typography>
      );
    }
    case 'facts':
      return (
        <Box data-testid={testId}>
          <Facts fields={block.fields} columns={block.columns} values={values} texts={texts} idPrefix={idPrefix} />
        </Box>
      );
    case 'fileRoundTrip':
      return calls ? <RecordFileRoundTrip block={block} texts={texts} calls={calls} /> : null;
    case 'actions':
      return calls ? <RecordActions buttons={block.buttons} values={values} texts={texts} calls={calls} idPrefix={idPrefix} testId={testId} /> : null;
  }
}

export interface RecordSectionProps {
  idPrefix: string;
  section: RecordSectionDefinition;
  values: Values;
  texts: RecordTexts;
  /** A source's refusal, shown in the section's place. */
  failure?: string;
  /** What blocks that call services (a file round trip) use. */
  calls?: RecordCalls;
}

/** One box of a record page: its title and its blocks whose conditions hold, in order. */
export function RecordSection({ idPrefix, section, values, texts, failure, calls }: RecordSectionProps) {
  const testId = `${idPrefix}-${section.id}`;
  if (failure !== undefined) {
    return (
      <Alert severity="warning" data-testid={`${testId}-failed`}>
        {failure}
      </Alert>
    );
  }
  if (!recordConditionHolds(section.when, values)) return null;
  const blocks = section.blocks.filter((block) => recordConditionHolds(block.when, values));
  const drawn = blocks.map((block, index) => (
    <Block key={`${block.kind}:${index}`} block={block} values={values} texts={texts} testId={block.id ? `${idPrefix}-${block.id}` : undefined} idPrefix={idPrefix} calls={calls} />
  ));
  if (section.bare) {
    return (
      <Stack spacing={2} component="section" data-testid={testId}>
        {drawn}
      </Stack>
    );
  }
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      {section.title && (
        <Typography variant="overline" component="h2" color="text.secondary" sx={{ display: 'block', lineHeight: 1.6, mb: 1 }}>
          {texts.text(section.title, namedValues(section.titleValues, values))}
        </Typography>
      )}
      <Stack spacing={2}>{drawn}</Stack>
    </Paper>
  );
}
