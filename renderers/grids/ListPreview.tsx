import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney, type ListEditorDefinition } from '../../engine/grids';
import { PreviewColumnsHead } from './PreviewColumnsHead';
import { ScrollTable } from './ScrollTable';

export interface ListPreviewProps {
  preview: ListEditorDefinition['preview'];
  answer: Record<string, unknown>;
  text: (ref: ListEditorDefinition['preview']['total'], values?: Record<string, string | number>) => string;
  locale: string;
  testId: string;
}

/** What a list editor's rows would give: the count, and the first rows the method answers as a table. */
export function ListPreview({ preview, answer, text, locale, testId }: ListPreviewProps) {
  const rows = Array.isArray(answer[preview.rowsPath]) ? (answer[preview.rowsPath] as Record<string, unknown>[]) : [];
  const currency = preview.currencyField ? String(answer[preview.currencyField] ?? '') : '';
  const count = Number(answer[preview.countField] ?? rows.length);
  return (
    <Paper variant="outlined" sx={{ p: 1 }} data-testid={testId}>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {text(preview.total, { count })}
      </Typography>
      <ScrollTable sx={{ maxHeight: 420 }} label={text(preview.total, { count })}>
        <Table size="small" stickyHeader>
          <PreviewColumnsHead columns={preview.columns} text={text} />
          <TableBody>
            {rows.map((row) => (
              <TableRow key={String(row[preview.rowId])}>
                {preview.columns.map((column) => (
                  <TableCell key={column.field} align={column.type === 'money' ? 'right' : 'left'}>
                    {column.type === 'money' ? formatMoney(row[column.field], currency, locale) : String(row[column.field] ?? '')}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollTable>
    </Paper>
  );
}
