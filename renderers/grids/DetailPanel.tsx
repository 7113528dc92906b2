import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Capability } from '../../contract/capabilities';
import {
  actionAppliesTo,
  detailButtonsFor,
  detailText,
  formatDate,
  formatValue,
  historyEntries,
  progressPercent,
  shownDetailFields,
  type DetailFieldModel,
  type DetailPanelDefinition,
  type GridActionModel,
  type Translate,
} from '../../engine/grids';
import { ActionIcon } from './action-icons';
import { DetailButtons, DetailFileList, type DetailCalls } from './DetailFiles';
import { BooleanMark } from './cells/BooleanCell';
import { EntityLink } from './cells/LinkCell';
import { StatusChip } from './cells/StatusCell';

type Row = Record<string, unknown>;

const WHOLE_LINE = new Set<string>(['progress', 'multiline', 'history']);

export interface DetailPanelProps {
  title: string;
  fields: readonly DetailFieldModel[];
  row: Row;
  actions: readonly GridActionModel[];
  locale: string;
  onAction: (action: GridActionModel) => void;
  onClose: () => void;
  /** The panel as defined: its title's values, buttons and files. */
  definition?: DetailPanelDefinition;
  capabilities: readonly Capability[];
  calls: DetailCalls;
  /** Another definition's rows under the fields (detailPanel.grid); the panel is drawn wide for them. */
  children?: ReactNode;
}

function FieldValue({ field, row, locale, translate }: { field: DetailFieldModel; row: Row; locale: string; translate: Translate }) {
  const value = row[field.field];
  if (field.type === 'progress') {
    // The bar, then the lines (counts in words) under it: a screen reader hears the lines as they change.
    return (
      <Box>
        <LinearProgress variant="determinate" value={progressPercent(row, field.field, field.totalField)} aria-label={field.label} sx={{ height: 8, borderRadius: 1, my: 0.5 }} />
        {field.lines && (
          <Typography variant="body2" aria-live="polite">
            {field.lines.map((line) => detailText(line, row, locale, translate)).join(' ')}
          </Typography>
        )}
      </Box>
    );
  }
  if (field.lines) {
    return (
      <Typography variant="body2" component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
        {field.lines.map((line, index) => (
          <Box component="span" key={index} sx={{ display: 'block' }}>
            {detailText(line, row, locale, translate)}
          </Box>
        ))}
      </Typography>
    );
  }
  switch (field.type) {
    case 'status':
      return <StatusChip value={value} format={field} />;
    case 'boolean':
      return <BooleanMark value={value} />;
    case 'link':
      return <EntityLink row={row} value={value} format={field} />;
    case 'multiline':
      return (
        <Typography component="pre" variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'monospace', m: 0 }}>
          {value === null || value === undefined ? '' : String(value)}
        </Typography>
      );
    case 'history': {
      const entries = historyEntries(value);
      if (entries.length === 0) return <Typography variant="body2" color="text.secondary">{translate('grids.noHistory')}</Typography>;
      return (
        <Box component="ol" sx={{ m: 0, pl: 2.5 }} data-testid="grid-detail-history">
          {entries.map((entry, index) => (
            <Box component="li" key={index} sx={{ mb: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {[entry.Status, entry.HttpStatus].filter((part) => part !== undefined).join(' · ')}
              </Typography>
              <Typography variant="caption" color="text.secondary">{formatDate(entry.Timestamp, locale, true)}</Typography>
              {entry.Message && <Typography variant="body2">{entry.Message}</Typography>}
            </Box>
          ))}
        </Box>
      );
    }
    default:
      return <Typography variant="body2">{formatValue(field, row, field.field, locale, translate) || '—'}</Typography>;
  }
}

/** The fields of one row beside the grid, with the row actions that apply to it, its buttons and its files. */
export function DetailPanel({ title, fields, row, actions, locale, onAction, onClose, definition, capabilities, calls, children }: DetailPanelProps) {
  const { t } = useTranslation();
  const applicable = actions.filter((action) => action.onRow && actionAppliesTo(action.definition, row));
  const heading = definition?.title && definition.titleValues ? detailText({ text: definition.title, values: definition.titleValues }, row, locale, t) : title;
  const buttons = detailButtonsFor(definition?.buttons, capabilities, row);
  return (
    <Drawer anchor="right" open onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: children ? 'min(760px, 100%)' : 440 } }, 'aria-labelledby': 'grid-detail-title' } as object }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, gap: 1 }} data-testid="grid-detail">
        <Typography id="grid-detail-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {heading}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('common.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      {applicable.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 2, pb: 1.5 }}>
          {applicable.map((action) => (
            <Button key={action.id} size="small" variant="outlined" color={action.confirmation?.destructive ? 'error' : 'primary'} startIcon={<ActionIcon name={action.icon} />} onClick={() => onAction(action)} data-testid={`grid-row-action-${action.id}`}>
              {action.label}
            </Button>
          ))}
        </Box>
      )}
      <DetailButtons buttons={buttons} row={row} calls={calls} />
      <Divider />
      {/* The fields and files scroll together under the fixed heading and buttons. */}
      <Box sx={{ overflowY: 'auto', minHeight: 0 }}>
        {/* A wide panel (one with a grid) sets its fields in two columns; a bar, text block or history takes a whole line. */}
        <Box component="dl" sx={{ px: 2, py: 1, m: 0, display: 'grid', columnGap: 3, gridTemplateColumns: { xs: '1fr', sm: children ? '1fr 1fr' : '1fr' } }}>
          {shownDetailFields(fields, row).map((field) => (
            <Box key={field.field} sx={{ py: 0.75, minWidth: 0, gridColumn: WHOLE_LINE.has(field.type) ? '1 / -1' : undefined }}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {field.label}
              </Typography>
              <Box component="dd" sx={{ m: 0 }} data-testid={`grid-detail-field-${field.field}`}>
                <FieldValue field={field} row={row} locale={locale} translate={t} />
              </Box>
            </Box>
          ))}
        </Box>
        {definition?.files && (
          <>
            <Divider />
            <DetailFileList files={definition.files} row={row} calls={calls} />
          </>
        )}
        {children && <Box sx={{ px: 2, pb: 2 }}>{children}</Box>}
      </Box>
    </Drawer>
  );
}
