import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
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

/** The definition's rows under a record page: a plain table (a few rows), its link column and the row the context names highlighted. */
export function RecordRows({ testId, rows, rowId, columns, spec, context, texts }: RecordRowsProps) {
  const shown = columns.filter((column) => !column.hidden);
  const selected = spec.selectedWhen ? context[spec.selectedWhen.context] : undefined;
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {texts.text(spec.title)}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2">{texts.text(spec.empty)}</Typography>
      ) : (
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
              {rows.map((row) => {
                const isSelected = spec.selectedWhen !== undefined && selected !== undefined && String(row[spec.selectedWhen.field]) === String(selected);
                return (
                  <TableRow key={String(row[rowId])} hover selected={isSelected} aria-current={isSelected ? 'true' : undefined}>
                    {shown.map((column) => {
                      const blank = spec.blank?.[column.field];
                      const text = isEmpty(row[column.field]) && blank ? texts.text(blank) : formatValue(column, row, column.field, texts.locale, texts.translate);
                      const to = spec.link?.column === column.field ? recordRoute(spec.link.to, row, context) : undefined;
                      return (
                        <TableCell key={column.field} align={alignOf(column)}>
                          {to ? (
                            <Link component={RouterLink} to={to}>
                              {text}
                            </Link>
                          ) : (
                            text
                          )}
                        </TableCell>
                      );
                    })}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
