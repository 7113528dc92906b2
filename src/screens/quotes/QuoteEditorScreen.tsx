import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { Static } from '@sinclair/typebox';
import type { NewQuoteSchema } from '../../../contract/services/quotes';
import { callService } from '../../api';
import { PageSpinner } from '../../components/PageSpinner';
import { showSuccess } from '../../messages';
import { confirm, isConfirmCancelled } from '../../shell/confirm';
import { useUnsavedChangesGuard } from '../../shell/unsaved-changes';
import { QuoteActions } from './QuoteActions';
import { QuoteHeaderFields, type HeaderValues } from './QuoteHeaderFields';
import { QuoteOrderNotice } from './QuoteOrderNotice';
import { QuoteStatusChip } from './QuoteStatusChip';
import { QuoteTotals } from './QuoteTotals';
import { DASHBOARD_QUERY_KEY } from '../dashboard/dashboard-query';
import type { QuoteDetail } from './quote-types';
import { lineChosen, lineEditorModel, lineEntries, lineProblems, linesFromRows, type EditorLine, type LineEditorModel } from '../../../engine/grids';
import { DefinedLines } from '../../../renderers/grids';
import { useCurrentUser } from '../../session/current-user';
import { gridServiceCaller } from '../list/grid-service-caller';
import { useScreenDefinition } from '../list/use-screen-definition';

let lineKeys = 0;
const nextKey = () => ++lineKeys;

/** The screen definition of the quote's lines (screen-definitions/screens/quote-lines.json): columns, rules, lookup, groups, entry. */
export const QUOTE_LINES_DEFINITION = 'quote-lines';

const linesOf = (quote: QuoteDetail | undefined): EditorLine[] => linesFromRows((quote?.Products ?? []) as Record<string, unknown>[], nextKey);

const headerOf = (quote: QuoteDetail | undefined): HeaderValues => ({
  name: quote?.Name ?? '',
  customerId: quote?.CustomerAccountId ?? null,
  currency: quote?.Currency ?? '',
  groupId: quote?.QuoteGroupId ?? null,
  validUntil: quote?.ValidUntil ?? '',
  notes: quote?.Notes ?? '',
});

type LinesContext = { customerId?: number; currency?: string };
type NewQuoteProducts = Static<typeof NewQuoteSchema>['Products'];

/** The body of CreateQuote / SaveQuote from the editor's values; undefined while something is missing or malformed. */
function quoteBody(header: HeaderValues, lines: EditorLine[], model: LineEditorModel | undefined, context: LinesContext) {
  if (!model || !header.name.trim() || !header.customerId || !/^[A-Z]{3}$/.test(header.currency)) return undefined;
  // Each field's problem is shown at the field (DefinedLines); here the body just waits for none.
  const products = lineEntries(model, lines, context);
  if (!products) return undefined;
  return {
    Name: header.name.trim(),
    CustomerAccountId: header.customerId,
    QuoteGroupId: header.groupId,
    Currency: header.currency,
    ValidUntil: header.validUntil || null,
    Notes: header.notes.trim() || null,
    Products: products as unknown as NewQuoteProducts,
  };
}

/**
 * `/quotes/new` and `/quotes/:quoteId`: a Draft is edited (customer, products
 * priced from the customer's pricelist, quantities, discounts, commitments,
 * validity, notes) and sent; a sent quote is read-only for the seller (New
 * version) and offers Accept / Decline to the customer.
 */
export default function QuoteEditorScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { quoteId: quoteIdText } = useParams();
  const quoteId = quoteIdText && /^\d+$/.test(quoteIdText) ? Number(quoteIdText) : undefined;
  const quote = useQuery({
    queryKey: ['quotes', 'quote', quoteId],
    queryFn: ({ signal }) => callService('Quotes', 'LoadQuote', { quoteId: quoteId! }, { signal }),
    enabled: quoteId !== undefined,
  });
  const { data: user } = useCurrentUser();
  const linesDefinition = useScreenDefinition(QUOTE_LINES_DEFINITION);
  const capabilities = user?.Capability;
  const model = useMemo(() => (linesDefinition.data && capabilities ? lineEditorModel(linesDefinition.data, capabilities) : undefined), [linesDefinition.data, capabilities]);
  const [header, setHeader] = useState<HeaderValues>(() => headerOf(undefined));
  const [lines, setLines] = useState<EditorLine[]>([]);
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useUnsavedChangesGuard(dirty);

  // (Re)load the editor from the stored quote.
  useEffect(() => {
    if (!quote.data) return;
    setHeader(headerOf(quote.data));
    setLines(linesOf(quote.data));
    setDirty(false);
  }, [quote.data]);

  const editable = quoteId === undefined || quote.data?.CanEdit === true;
  const linesContext: LinesContext = useMemo(
    () => ({ customerId: header.customerId ?? undefined, currency: /^[A-Z]{3}$/.test(header.currency) ? header.currency : undefined }),
    [header.customerId, header.currency],
  );
  const body = useMemo(() => quoteBody(header, lines, model, linesContext), [header, lines, model, linesContext]);
  const invalidLines = editable && !!model && lines.some((line) => lineChosen(model, line) && Object.keys(lineProblems(model, line)).length > 0);
  const customerName = queryClient
    .getQueryData<{ AccountId: number; DisplayName: string }[]>(['quotes', 'customers'])
    ?.find((customer) => customer.AccountId === header.customerId)?.DisplayName;

  if (quoteIdText !== undefined && quoteId === undefined) return <Alert severity="error">{t('quotes.editor.notFound')}</Alert>;
  if (quoteId !== undefined && quote.isError) return <Alert severity="error" data-testid="quote-error">{quote.error.message}</Alert>;
  if (linesDefinition.isError) return <Alert severity="error">{linesDefinition.error.message}</Alert>;
  if ((quoteId !== undefined && !quote.data) || !linesDefinition.data || !user) return <PageSpinner />;
  const current = quote.data;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
      // The start page counts quotes by status: after a change it reads them again.
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('errors.unableToSave'));
    } finally {
      setBusy(false);
    }
  };

  /** Saves (or creates) the draft; answers the stored quote. */
  const save = async (): Promise<QuoteDetail> => {
    if (!body) throw new Error(t('quotes.editor.incomplete'));
    const saved = current
      ? await callService('Quotes', 'SaveQuote', { quote: { Id: current.Id, ...body } }, { suppressErrors: true })
      : await callService('Quotes', 'CreateQuote', { quote: body }, { suppressErrors: true });
    // Clean before leaving /quotes/new, so the unsaved-changes guard lets the editor move to the stored quote.
    flushSync(() => setDirty(false));
    queryClient.setQueryData(['quotes', 'quote', saved.Id], saved);
    if (!current) navigate(`/quotes/${saved.Id}`, { replace: true });
    return saved;
  };

  const change = <T,>(setter: (value: T) => void) => (value: T) => {
    setter(value);
    setDirty(true);
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1600 }} data-testid="quote-editor">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" data-testid="quote-title">
          {current ? t('quotes.editor.title', { id: current.Id, name: current.Name }) : t('quotes.editor.newQuote')}
        </Typography>
        {current && (
          <>
            <QuoteStatusChip status={current.Status} />
            {current.Version > 1 && <Typography color="text.secondary">{t('quotes.editor.version', { version: current.Version })}</Typography>}
            {!current.IsSeller && <Typography color="text.secondary">{t('quotes.editor.from', { seller: current.SellerName })}</Typography>}
          </>
        )}
      </Stack>
      {current?.Order ? <QuoteOrderNotice quote={current} /> : null}
      {current?.Status === 'Declined' && current.DeclineReason && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('quotes.editor.declinedBecause', { reason: current.DeclineReason })}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Stack spacing={2} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <QuoteHeaderFields values={header} editable={editable} existing={current} onChange={change(setHeader)} />
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <DefinedLines
              definition={linesDefinition.data}
              capabilities={user.Capability}
              context={linesContext}
              lines={lines}
              onChange={change(setLines)}
              editable={editable}
              callService={gridServiceCaller}
              newKey={nextKey}
            />
          </Paper>
        </Stack>
        <Stack spacing={2} sx={{ width: { xs: '100%', lg: 340 }, flexShrink: 0 }}>
          <QuoteTotals quote={current} dirty={dirty || !current} />
          {invalidLines && (
            <Alert severity="warning" data-testid="quote-fix-marked">
              {t('quotes.editor.fixMarked')}
            </Alert>
          )}
          {error && (
            <Alert severity="error" data-testid="quote-action-error">
              {error}
            </Alert>
          )}
          <QuoteActions
            quote={current}
            dirty={dirty}
            canSave={editable && body !== undefined}
            busy={busy}
            onSave={() => void run(async () => {
              await save();
              showSuccess(t('quotes.editor.saved'));
            })}
            onSend={() => void run(async () => {
              // Sending makes the quote immutable: the seller confirms, seeing whom it goes to.
              const customer = customerName ?? current?.CustomerName ?? '';
              try {
                await confirm({
                  title: t('quotes.send.title', { customer }),
                  text: t('quotes.send.text', { customer, name: header.name.trim() }),
                  confirmLabel: t('quotes.actions.send'),
                  width: 480,
                });
              } catch (cancelled) {
                if (isConfirmCancelled(cancelled)) return;
                throw cancelled;
              }
              const saved = dirty || !current ? await save() : current;
              const sent = await callService('Quotes', 'SendQuote', { quoteId: saved.Id }, { suppressErrors: true });
              queryClient.setQueryData(['quotes', 'quote', sent.Id], sent);
              if (!current) navigate(`/quotes/${sent.Id}`, { replace: true });
              showSuccess(t('quotes.editor.sent'));
            })}
            onAct={(work) => void run(work)}
            onChanged={(next) => {
              queryClient.setQueryData(['quotes', 'quote', next.Id], next);
              if (next.Id !== current?.Id) navigate(`/quotes/${next.Id}`);
            }}
            onDeleted={() => navigate('/quotes', { replace: true })}
          />
        </Stack>
      </Stack>
    </Box>
  );
}
