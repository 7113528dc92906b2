import FilterListIcon from '@mui/icons-material/FilterList';
import DownloadIcon from '@mui/icons-material/Download';
import RefreshIcon from '@mui/icons-material/Refresh';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ToolbarColumn {
  field: string;
  headerName: string;
  visible: boolean;
}

export interface GridToolbarProps {
  title?: ReactNode;
  /** A choice of what the rows show (a definition's contextPicker), beside the title. */
  picker?: ReactNode;
  totalText?: string;
  filterCount: number;
  filtersOpen: boolean;
  hasFilters: boolean;
  onToggleFilters: () => void;
  columns: () => ToolbarColumn[];
  onColumnVisible: (field: string, visible: boolean) => void;
  onResetColumns: () => void;
  exportFormats: readonly ('xlsx' | 'csv')[];
  onExport: (format: 'xlsx' | 'csv') => void;
  onRefresh: () => void;
}

/** Title, row count, and the grid's tools: filters, columns, export, refresh. */
export function GridToolbar(props: GridToolbarProps) {
  const { t } = useTranslation();
  const [columnsAnchor, setColumnsAnchor] = useState<HTMLElement | null>(null);
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const [columns, setColumns] = useState<ToolbarColumn[]>([]);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
      {props.title && (
        <Typography variant="h5" component="h1" sx={{ mr: 1 }}>
          {props.title}
        </Typography>
      )}
      {props.picker}
      <Typography variant="body2" color="text.secondary" data-testid="grid-total" aria-live="polite" sx={{ flexGrow: 1 }}>
        {props.totalText ?? ''}
      </Typography>
      {props.hasFilters && (
        <Button
          size="small"
          startIcon={
            <Badge color="primary" badgeContent={props.filterCount} invisible={props.filterCount === 0}>
              <FilterListIcon />
            </Badge>
          }
          onClick={props.onToggleFilters}
          aria-expanded={props.filtersOpen}
          data-testid="grid-filters-toggle"
        >
          {t('grids.filters')}
        </Button>
      )}
      <Button
        size="small"
        startIcon={<ViewColumnIcon />}
        onClick={(event) => {
          setColumns(props.columns());
          setColumnsAnchor(event.currentTarget);
        }}
        aria-haspopup="menu"
      >
        {t('grids.columns')}
      </Button>
      <Menu anchorEl={columnsAnchor} open={Boolean(columnsAnchor)} onClose={() => setColumnsAnchor(null)}>
        {columns.map((column) => (
          <MenuItem
            key={column.field}
            dense
            onClick={() => {
              props.onColumnVisible(column.field, !column.visible);
              setColumns((current) => current.map((entry) => (entry.field === column.field ? { ...entry, visible: !entry.visible } : entry)));
            }}
          >
            <ListItemIcon>
              <Checkbox size="small" edge="start" checked={column.visible} tabIndex={-1} disableRipple />
            </ListItemIcon>
            <ListItemText primary={column.headerName} />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          dense
          onClick={() => {
            setColumnsAnchor(null);
            props.onResetColumns();
          }}
        >
          <ListItemText inset primary={t('grids.resetColumns')} />
        </MenuItem>
      </Menu>
      {props.exportFormats.length > 0 && (
        <>
          <Button size="small" startIcon={<DownloadIcon />} onClick={(event) => setExportAnchor(event.currentTarget)} aria-haspopup="menu" data-testid="grid-export">
            {t('grids.export')}
          </Button>
          <Menu anchorEl={exportAnchor} open={Boolean(exportAnchor)} onClose={() => setExportAnchor(null)}>
            {props.exportFormats.map((format) => (
              <MenuItem
                key={format}
                onClick={() => {
                  setExportAnchor(null);
                  props.onExport(format);
                }}
                data-testid={`grid-export-${format}`}
              >
                {t(format === 'xlsx' ? 'grids.exportXlsx' : 'grids.exportCsv')}
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
      <Tooltip title={t('grids.refresh')}>
        <IconButton onClick={props.onRefresh} aria-label={t('grids.refresh')} data-testid="grid-refresh">
          <RefreshIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
