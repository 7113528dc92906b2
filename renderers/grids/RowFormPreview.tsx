import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney, type PreviewModel, type RowFormDefinition, type TextRef } from '../../engine/grids';
import { PreviewColumnsHead } from './PreviewColumnsHead';
import { ScrollTable } from './ScrollTable';

export interface RowFormPreviewProps {
  preview: NonNullable<RowFormDefinition['preview']>;
  /** undefined while the first answer is awaited. */
  model: PreviewModel | undefined;
  text: (ref: TextRef, values?: Record<string, string | number>) => string;
  locale: string;
  /** Test ids: {idPrefix}-preview (the table), -preview-summary, -preview-marked (a marked row), -preview-{field} (a cell). */
  idPrefix: string;
}

/** What the list would give with the row as typed: a count of the rows it gives, and a table with those first, marked. */
export function RowFormPreview({ preview, model, text, locale, idPrefix }: RowFormPreviewProps) {
  const { t } = useTranslation();
  const summary = model ? text(preview.summary, { matched: model.matched, total: model.total }) : t('common.loading');
  const cell = (column: (typeof preview.columns)[number], row: Record<string, unknown>) => {
    const value = row[column.field];
    if (value === null || value === undefined || value === '') return '–';
    return column.type === 'money' ? formatMoney(value, column.currencyField ? String(row[column.currencyField] ?? '') : undefined, locale) : String(value);
  };
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite" data-testid={`${idPrefix}-preview-summary`}>
        {summary}
      </Typography>
      <ScrollTable sx={{ maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }} label={summary}>
        <Table size="small" stickyHeader data-testid={`${idPrefix}-preview`}>
          <PreviewColumnsHead columns={preview.columns} text={text} />
          <TableBody>
            {(model?.rows ?? []).map(({ key, row, marked }) => (
              <TableRow key={key} selected={marked} data-testid={marked ? `${idPrefix}-preview-marked` : undefined}>
                {preview.columns.map((column) => (
                  <TableCell
                    key={column.field}
                    align={column.type === 'money' ? 'right' : 'left'}
                    sx={{ fontWeight: marked && column.emphasis ? 600 : undefined, whiteSpace: column.type === 'money' ? 'nowrap' : undefined }}
                    data-testid={`${idPrefix}-preview-${column.field}`}
                  >
                    {cell(column, row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollTable>
    </Box>
  );
}
