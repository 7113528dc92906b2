import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridColumnModel } from '../../engine/grids';
import type { RefusedCellInfo } from './use-grid-edits';

export interface RefusedListProps {
  idPrefix: string;
  cells: readonly RefusedCellInfo[];
  columns: readonly GridColumnModel[];
  rowLabel: (rowId: string) => string;
  reason: (cell: RefusedCellInfo) => string;
  onRevert: (cell: RefusedCellInfo) => void;
}

/** Below the grid: every refused value with its row, column and reason, each with a revert. */
export function RefusedList({ idPrefix, cells, columns, rowLabel, reason, onRevert }: RefusedListProps) {
  const { t } = useTranslation();
  if (cells.length === 0) return null;
  return (
    <Alert severity="error" sx={{ mt: 1 }} data-testid={`${idPrefix}-refused`}>
      <Box sx={{ fontWeight: 600, mb: 0.5 }}>{t('grids.edit.refusedTitle', { count: cells.length })}</Box>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {cells.map((cell) => (
          <li key={`${cell.rowId}-${cell.field}`}>
            {rowLabel(cell.rowId)} · {columns.find((column) => column.field === cell.field)?.headerName ?? cell.field}: “{cell.text}” — {reason(cell)}{' '}
            <Button size="small" color="inherit" onClick={() => onRevert(cell)} sx={{ py: 0, minWidth: 0 }}>
              {t('grids.edit.revert')}
            </Button>
          </li>
        ))}
      </Box>
    </Alert>
  );
}

export interface SaveBarProps {
  idPrefix: string;
  count: number;
  acknowledge?: string;
  blocked: boolean;
  saving: boolean;
  onDiscard: () => void;
  onSave: () => void;
}

/** Batch editing: the number of unsaved changes, the acknowledgement when the definition asks for one, discard and save. */
export function SaveBar({ idPrefix, count, acknowledge, blocked, saving, onDiscard, onSave }: SaveBarProps) {
  const { t } = useTranslation();
  const [acknowledged, setAcknowledged] = useState(false);
  return (
    <Paper variant="outlined" sx={{ mt: 1, p: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Typography variant="body2" sx={{ minWidth: 160 }} data-testid={`${idPrefix}-changes`} aria-live="polite">
        {t('grids.edit.changes', { count })}
      </Typography>
      {acknowledge ? (
        <FormControlLabel
          sx={{ flexGrow: 1 }}
          control={<Checkbox checked={acknowledged} onChange={(event) => setAcknowledged(event.target.checked)} slotProps={{ input: { 'data-testid': `${idPrefix}-acknowledge` } as object }} />}
          label={acknowledge}
        />
      ) : (
        <Box sx={{ flexGrow: 1 }} />
      )}
      <Button onClick={onDiscard} disabled={count === 0 || saving} data-testid={`${idPrefix}-discard`}>
        {t('grids.edit.discard')}
      </Button>
      <Button
        variant="contained"
        onClick={() => {
          onSave();
          setAcknowledged(false);
        }}
        disabled={count === 0 || blocked || saving || (acknowledge !== undefined && !acknowledged)}
        data-testid={`${idPrefix}-save`}
      >
        {t('grids.edit.save')}
      </Button>
    </Paper>
  );
}
