import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ICellRendererParams } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PRICE_LIMITS } from '../../contract/services/marketplace';
import { parsePrice, type PriceEdit, type PriceField } from './price-edits';
import type { PriceRow } from './pricelist-types';

/** Why the typed text is not a price, in the user's language; undefined for a valid price. */
export function refusalReason(t: TFunction, typed: string, locale: string): string | undefined {
  const parsed = parsePrice(typed);
  if (!('problem' in parsed)) return undefined;
  return t(`pricelists.prices.invalid.${parsed.problem}`, { value: typed, max: PRICE_LIMITS.maximum.toLocaleString(locale) });
}

/**
 * A price cell: the formatted price, or the refused text as typed with a mark
 * and the reason (shown on hover and read by screen readers).
 */
export function RefusedPriceCell(params: ICellRendererParams<PriceRow> & { field: PriceField }) {
  const { t, i18n } = useTranslation();
  const formatted = params.valueFormatted ?? (params.value === null || params.value === undefined ? '' : String(params.value));
  const typed = typeof params.value === 'string' ? params.value : undefined;
  const reason = typed === undefined ? undefined : refusalReason(t, typed, i18n.language);
  if (reason === undefined) return <>{formatted}</>;
  return (
    <Box component="span" title={reason} aria-invalid="true" aria-label={`${typed}: ${reason}`} data-testid="price-cell-refused" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <ErrorOutlineIcon fontSize="inherit" aria-hidden />
      {typed}
    </Box>
  );
}

export interface RefusedCell {
  rowId: string;
  field: PriceField;
  text: string;
}

/** Below the grid: every refused value with its service, column and reason, each with a revert. */
export function RefusedPricesNotice({ cells, rows, onRevert }: { cells: RefusedCell[]; rows: ReadonlyMap<string, PriceRow>; onRevert: (cell: RefusedCell) => void }) {
  const { t, i18n } = useTranslation();
  if (cells.length === 0) return null;
  return (
    <Alert severity="error" sx={{ mt: 1 }} data-testid="prices-refused">
      <Box sx={{ fontWeight: 600, mb: 0.5 }}>{t('pricelists.prices.refusedTitle', { count: cells.length })}</Box>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {cells.map((cell) => (
          <li key={`${cell.rowId}-${cell.field}`} data-testid="prices-refused-item">
            {rows.get(cell.rowId)?.DisplayName ?? cell.rowId} · {t(cell.field === 'salesPrice' ? 'pricelists.prices.salesPrice' : 'pricelists.prices.srp')}: “{cell.text}” —{' '}
            {refusalReason(t, cell.text, i18n.language)}{' '}
            <Button size="small" color="inherit" onClick={() => onRevert(cell)} sx={{ py: 0, minWidth: 0 }}>
              {t('pricelists.prices.revert')}
            </Button>
          </li>
        ))}
      </Box>
    </Alert>
  );
}

export type { PriceEdit };
