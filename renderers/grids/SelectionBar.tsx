import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { GridActionModel } from '../../engine/grids';
import { ActionIcon } from './action-icons';

export interface SelectionBarProps {
  count: number;
  actions: readonly { action: GridActionModel; applicable: number }[];
  onAction: (action: GridActionModel) => void;
  onClear: () => void;
}

/** Shown while rows are selected (on any page): their number and the bulk actions, each with the rows it applies to. */
export function SelectionBar({ count, actions, onAction, onClear }: SelectionBarProps) {
  const { t } = useTranslation();
  return (
    <Box
      role="region"
      aria-label={t('grids.selection')}
      data-testid="grid-selection-bar"
      sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 1.5, py: 1, mb: 1, borderRadius: 1, bgcolor: 'action.selected' }}
    >
      <Typography variant="body2" data-testid="grid-selected-count" sx={{ mr: 1, fontWeight: 600 }}>
        {t('grids.selected', { count })}
      </Typography>
      {actions.map(({ action, applicable }) => (
        <Button
          key={action.id}
          size="small"
          variant="contained"
          color={action.confirmation?.destructive ? 'error' : 'primary'}
          startIcon={<ActionIcon name={action.icon} />}
          disabled={applicable === 0}
          onClick={() => onAction(action)}
          data-testid={`grid-bulk-${action.id}`}
          title={applicable < count ? t('grids.appliesTo', { count: applicable }) : undefined}
        >
          {applicable < count ? `${action.label} (${applicable})` : action.label}
        </Button>
      ))}
      <Box sx={{ flexGrow: 1 }} />
      <Button size="small" onClick={onClear} data-testid="grid-clear-selection">
        {t('grids.clearSelection')}
      </Button>
    </Box>
  );
}
