import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/Delete';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callService } from '../../api';
import { formatCurrency, formatNumber } from '../../i18n/format';
import { COMMITMENTS, lineProblems, type EditorLine, type QuoteProductOption } from './quote-types';
import type { QuoteDetail } from './QuoteEditorScreen';

interface Props {
  customerId: number | null;
  currency: string;
  lines: EditorLine[];
  /** The stored lines with their computed amounts, when the editor shows them unchanged. */
  stored: QuoteDetail['Products'] | undefined;
  editable: boolean;
  onChange: (lines: EditorLine[]) => void;
  newKey: () => number;
}

const feeLabel = (t: (key: string, values?: Record<string, unknown>) => string, product: { FeeType: string; PeriodMonths: number }) =>
  t(`quotes.feeTypes.${product.FeeType.replace(/ /g, '')}`, { months: product.PeriodMonths });

/** The quote's products: what the customer's pricelist offers, at its price unless changed, with quantities, discounts and commitments. */
export function QuoteLinesEditor({ customerId, currency, lines, stored, editable, onChange, newKey }: Props) {
  const { t } = useTranslation();
  const validCurrency = /^[A-Z]{3}$/.test(currency);
  const catalogue = useQuery({
    queryKey: ['quotes', 'customer-products', customerId, currency],
    queryFn: async ({ signal }) =>
      (await callService('Quotes', 'LoadCustomerQuoteProducts', { customerAccountId: customerId!, currency }, { signal })) as { Products: QuoteProductOption[] },
    enabled: editable && customerId !== null && validCurrency,
    staleTime: 60_000,
  });
  const chosenNames = lines.map((line) => line.productName).filter(Boolean);
  const recommended = useQuery({
    queryKey: ['quotes', 'recommended', customerId, chosenNames],
    queryFn: async ({ signal }) =>
      (await callService('Quotes', 'ListRecommendedProducts', { productList: chosenNames, parentAccountId: customerId, limit: 4 }, { signal })) as QuoteProductOption[],
    enabled: editable && customerId !== null,
    staleTime: 60_000,
  });
  const products = catalogue.data?.Products ?? [];
  const byName = new Map(products.map((product) => [product.ProductName, product]));
  const update = (key: number, patch: Partial<EditorLine>) => onChange(lines.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  const add = (product?: QuoteProductOption) =>
    onChange([
      ...lines,
      { key: newKey(), productName: product?.ProductName ?? '', quantity: '1', unitPrice: product ? String(product.UnitPrice) : '', discount: '0', commitment: 'annual', months: '12' },
    ]);

  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h2">
        {t('quotes.lines.title')}
      </Typography>
      <TableContainer>
        <Table size="small" data-testid="quote-lines">
          <TableHead>
            <TableRow>
              <TableCell sx={{ minWidth: 260 }}>{t('quotes.lines.product')}</TableCell>
              <TableCell sx={{ width: 90 }}>{t('quotes.lines.quantity')}</TableCell>
              <TableCell sx={{ width: 120 }}>{t('quotes.lines.unitPrice')}</TableCell>
              <TableCell sx={{ width: 90 }}>{t('quotes.lines.discount')}</TableCell>
              <TableCell sx={{ width: 140 }}>{t('quotes.lines.commitment')}</TableCell>
              <TableCell align="right" sx={{ width: 110 }}>{t('quotes.lines.amount')}</TableCell>
              {editable && <TableCell sx={{ width: 48 }} />}
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line, index) => {
              const product = byName.get(line.productName);
              const computed = stored?.[index];
              const fee = product ?? computed;
              const problems = editable && line.productName ? lineProblems(line) : {};
              // A refused value stays in its field, marked, with what the field allows.
              // Wide enough for the reason to read in two or three lines.
              const marked = (field: keyof typeof problems) => (problems[field] ? { error: true, helperText: t(problems[field]), sx: { minWidth: 120 } } : {});
              return (
                <TableRow key={line.key} data-testid="quote-line">
                  <TableCell>
                    {editable ? (
                      <Autocomplete
                        size="small"
                        fullWidth
                        options={products}
                        loading={catalogue.isLoading}
                        value={product ?? null}
                        getOptionLabel={(option) => option.ProductName}
                        isOptionEqualToValue={(option, value) => option.ServiceId === value.ServiceId}
                        renderOption={(props, option) => (
                          <li {...props} key={option.ServiceId}>
                            <Stack>
                              <span>{option.ProductName}</span>
                              <Typography variant="caption" color="text.secondary">
                                {option.VendorName} · {formatCurrency(option.UnitPrice, option.Currency)} · {feeLabel(t, option)}
                              </Typography>
                            </Stack>
                          </li>
                        )}
                        onChange={(_event, chosen) => update(line.key, { productName: chosen?.ProductName ?? '', unitPrice: chosen ? String(chosen.UnitPrice) : '' })}
                        renderInput={(params) => <TextField {...params} placeholder={t('quotes.lines.chooseProduct')} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'aria-label': t('quotes.lines.product') } }} data-testid="quote-line-product" />}
                      />
                    ) : (
                      line.productName
                    )}
                    {fee && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {feeLabel(t, fee)}
                        {fee.SetupFee > 0 ? ` · ${t('quotes.lines.setupFee', { amount: formatCurrency(fee.SetupFee, currency || 'EUR') })}` : ''}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    {editable ? (
                      <TextField size="small" sx={{ minWidth: 72 }} {...marked('quantity')} value={line.quantity} onChange={(event) => update(line.key, { quantity: event.target.value.replace(/\D/g, '') })} slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': t('quotes.lines.quantity') } }} data-testid="quote-line-quantity" />
                    ) : (
                      formatNumber(Number(line.quantity))
                    )}
                  </TableCell>
                  <TableCell>
                    {editable ? (
                      <TextField size="small" sx={{ minWidth: 100 }} {...marked('unitPrice')} value={line.unitPrice} onChange={(event) => update(line.key, { unitPrice: event.target.value })} slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': t('quotes.lines.unitPrice') } }} data-testid="quote-line-price" />
                    ) : (
                      formatCurrency(Number(line.unitPrice), currency)
                    )}
                  </TableCell>
                  <TableCell>
                    {editable ? (
                      <TextField size="small" sx={{ minWidth: 72 }} {...marked('discount')} value={line.discount} onChange={(event) => update(line.key, { discount: event.target.value })} slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': t('quotes.lines.discount') } }} data-testid="quote-line-discount" />
                    ) : (
                      `${formatNumber(Number(line.discount))} %`
                    )}
                  </TableCell>
                  <TableCell>
                    {editable ? (
                      <Stack direction="row" spacing={1}>
                        <TextField
                          size="small"
                          select
                          fullWidth
                          value={line.commitment}
                          onChange={(event) => update(line.key, { commitment: event.target.value as EditorLine['commitment'] })}
                          slotProps={{ htmlInput: { 'aria-label': t('quotes.lines.commitment') } }}
                          data-testid="quote-line-commitment"
                        >
                          {COMMITMENTS.map((commitment) => (
                            <MenuItem key={commitment} value={commitment}>
                              {t(`quotes.commitments.${commitment}`)}
                            </MenuItem>
                          ))}
                        </TextField>
                        {line.commitment === 'other' && (
                          <TextField size="small" sx={{ width: 70 }} {...marked('months')} value={line.months} onChange={(event) => update(line.key, { months: event.target.value.replace(/\D/g, '') })} slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': t('quotes.lines.months') } }} />
                        )}
                      </Stack>
                    ) : line.commitment === 'other' ? (
                      t('quotes.commitments.months', { months: line.months })
                    ) : (
                      t(`quotes.commitments.${line.commitment}`)
                    )}
                  </TableCell>
                  <TableCell align="right" data-testid="quote-line-amount">
                    {computed ? (
                      <Tooltip title={t('quotes.lines.commitmentValue', { amount: formatCurrency(computed.CommitmentValue, currency) })}>
                        <span>{formatCurrency(computed.Amount, currency)}</span>
                      </Tooltip>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  {editable && (
                    <TableCell>
                      <IconButton size="small" aria-label={t('quotes.lines.remove')} onClick={() => onChange(lines.filter((entry) => entry.key !== line.key))}>
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
            {lines.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>
                  <Typography color="text.secondary">{customerId === null && editable ? t('quotes.lines.chooseCustomerFirst') : t('quotes.lines.none')}</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {/* The renewal is a term of the quote too: its subscriptions renew (server quote-terms.ts). */}
      {lines.length > 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="quote-renewal">
          {t('quotes.lines.renews')}
        </Typography>
      )}
      {editable && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button startIcon={<AddIcon />} onClick={() => add()} disabled={customerId === null} data-testid="quote-add-line">
            {t('quotes.lines.add')}
          </Button>
          {(recommended.data ?? []).length > 0 && (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                {t('quotes.lines.recommended')}
              </Typography>
              {(recommended.data ?? []).map((product) => (
                <Tooltip key={product.ServiceId} title={t('quotes.lines.recommendedWhy', { count: product.BoughtTogetherBy ?? 0 })}>
                  <Chip
                    icon={<AddIcon />}
                    label={`${product.ProductName} · ${formatCurrency(product.UnitPrice, product.Currency)}`}
                    variant="outlined"
                    color="primary"
                    onClick={() => add(byName.get(product.ProductName) ?? product)}
                    data-testid="quote-recommended"
                  />
                </Tooltip>
              ))}
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}
