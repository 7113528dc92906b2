import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatValue, recordRoute, type GridColumnModel, type RecordPageDefinition, type ScreenContext } from '../../engine/grids';
import type { RecordTexts } from './RecordSection';

type Row = Record<string, unknown>;

export interface RecordRowsProps {
  testId: string;
  rows: readonly Row[];
  rowId: string;
  columns: readonly GridColumnModel[];
  spec: NonNullable<RecordPageDefinition['rows']>;
  context: ScreenContext;
  texts: RecordTexts;
}

const alignOf = (column: GridColumnModel) => (column.type === 'number' || column.type === 'money' || column.type === 'percent' ? 'right' : 'left');
const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

function Cell({ column, row, spec, context, texts }: { column: GridColumnModel; row: Row; spec: RecordRowsProps['spec']; context: ScreenContext; texts: RecordTexts }): ReactNode {
  const blank = spec.blank?.[column.field];
  const text = isEmpty(row[column.field]) && blank ? texts.text(blank) : formatValue(column, row, column.field, texts.locale, texts.translate);
  const to = spec.link?.column === column.field ? recordRoute(spec.link.to, row, context) : undefined;
  return to ? (
    <Link component={RouterLink} to={to}>
      {text}
    </Link>
  ) : (
    text
  );
}

/**
 * The definition's rows under a record page: a plain table (a few rows), its
 * link column and the row the context names highlighted; below 600 px each
 * row is a card with every value under its column's name.
 */
export function RecordRows({ testId, rows, rowId, columns, spec, context, texts }: RecordRowsProps) {
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const shown = columns.filter((column) => !column.hidden);
  const selected = spec.selectedWhen ? context[spec.selectedWhen.context] : undefined;
  const isSelected = (row: Row) => spec.selectedWhen !== undefined && selected !== undefined && String(row[spec.selectedWhen.field]) === String(selected);
  const cell = (column: GridColumnModel, row: Row) => <Cell column={column} row={row} spec={spec} context={context} texts={texts} />;
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {texts.text(spec.title)}
      </Typography>
      {rows.length === 0 && <Typography variant="body2">{texts.text(spec.empty)}</Typography>}
      {rows.length > 0 && narrow && (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }} data-testid={testId}>
          {rows.map((row) => (
            <Box
              component="li"
              key={String(row[rowId])}
              aria-current={isSelected(row) ? 'true' : undefined}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, bgcolor: isSelected(row) ? 'action.selected' : undefined }}
            >
              <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
                {shown.map((column) => (
                  <Box key={column.field} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {column.headerName}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                      {cell(column, row)}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {rows.length > 0 && !narrow && (
        <TableContainer>
          <Table size="small" data-testid={testId}>
            <TableHead>
              <TableRow>
                {shown.map((column) => (
                  <TableCell key={column.field} align={alignOf(column)}>
                    {column.headerName}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={String(row[rowId])} hover selected={isSelected(row)} aria-current={isSelected(row) ? 'true' : undefined}>
                  {shown.map((column) => (
                    <TableCell key={column.field} align={alignOf(column)}>
                      {cell(column, row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
