import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../../api';
import { useGuardedClose } from '../../shell/unsaved-changes';
import { PricePreviewTable } from './PricePreviewTable';
import { PRICEABLE_ITEMS, PRICING_MODELS, toInput, valueKind, type PricingModel, type RuleInput, type StoredRule } from './pricing-types';
import { DecimalField } from '../../components/DecimalField';

export interface RuleEditorDialogProps {
  marketplaceId: number;
  currency: string;
  /** Every rule of the group (what a save replaces). */
  rules: readonly StoredRule[];
  /** The rule edited; undefined adds a new one. */
  rule: StoredRule | undefined;
  canEdit: boolean;
  onClose: () => void;
  onSaved: () => void;
}

const PREVIEW_DELAY_MS = 300;

/** Edit, add or delete one pricing rule, with the prices the whole rule set would give while you type. */
export function RuleEditorDialog({ marketplaceId, currency, rules, rule, canEdit, onClose, onSaved }: RuleEditorDialogProps) {
  const { t } = useTranslation();
  const isDefault = rule?.IsDefault === true;
  const [initial] = useState<RuleInput>(() =>
    rule ? toInput(rule) : { Id: null, Name: '', Priority: nextPriority(rules), VendorAccountId: null, ServiceGroup: null, PriceableItem: null, PricingModel: 'Markup', Value: 10 },
  );
  const [draft, setDraft] = useState<RuleInput>(initial);
  // Closing (Cancel, backdrop, Escape) or leaving the page with a changed rule asks first.
  const close = useGuardedClose(JSON.stringify(draft) !== JSON.stringify(initial), onClose);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const set = (patch: Partial<RuleInput>) => setDraft((current) => ({ ...current, ...patch }));

  // The rule set as it would be saved: this draft in place of the edited rule (or added).
  const candidate = useMemo(() => withDraft(rules, rule, draft), [rules, rule, draft]);
  const [debounced, setDebounced] = useState(candidate);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(candidate), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [candidate]);
  const preview = useQuery({
    queryKey: ['pricing-preview', marketplaceId, debounced],
    queryFn: ({ signal }) => callService('Pricing', 'GetDynamicPricesPreview', { inputDto: { MarketplaceId: marketplaceId, Rules: debounced } }, { signal, suppressErrors: true }),
    placeholderData: (previous) => previous,
    retry: false,
  });
  const items = useMemo(() => preview.data?.Items ?? [], [preview.data]);
  const vendors = useMemo(() => [...new Map(items.map((item) => [item.VendorAccountId, item.VendorName])).entries()], [items]);
  const groups = useMemo(() => [...new Set(items.map((item) => item.ServiceGroup))].sort(), [items]);

  const save = async (rulesToSave: RuleInput[]) => {
    setBusy(true);
    setError(undefined);
    try {
      await callService('Pricing', 'UpdatePricingRuleGroup', { inputDto: { MarketplaceId: marketplaceId, Rules: rulesToSave } }, { suppressErrors: true });
      onSaved();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('errors.unableToSave'));
    } finally {
      setBusy(false);
    }
  };
  const kind = valueKind(draft.PricingModel);
  const readOnly = !canEdit;

  return (
    <Dialog open onClose={busy ? undefined : close} maxWidth="lg" fullWidth aria-labelledby="rule-editor-title" data-testid="pricing-rule-editor">
      <DialogTitle id="rule-editor-title">{rule ? t('pricing.editor.editTitle', { name: rule.Name }) : t('pricing.editor.addTitle')}</DialogTitle>
      <DialogContent>
        <Grid container spacing={3} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Stack spacing={2}>
              <TextField label={t('pricing.columns.name')} value={draft.Name} onChange={(event) => set({ Name: event.target.value })} required disabled={readOnly} slotProps={{ htmlInput: { maxLength: 256 } }} data-testid="rule-name" />
              <TextField
                type="number"
                label={t('pricing.columns.priority')}
                value={draft.Priority}
                onChange={(event) => set({ Priority: Math.max(0, Math.trunc(Number(event.target.value))) })}
                helperText={isDefault ? t('pricing.editor.defaultPriorityHelp') : t('pricing.editor.priorityHelp')}
                disabled={readOnly}
                data-testid="rule-priority"
              />
              <TextField
                select
                label={t('pricing.columns.vendor')}
                value={draft.VendorAccountId ?? ''}
                onChange={(event) => set({ VendorAccountId: event.target.value === '' ? null : Number(event.target.value) })}
                disabled={readOnly || isDefault}
              >
                <MenuItem value="">{t('pricing.editor.any')}</MenuItem>
                {vendors.map(([id, name]) => (
                  <MenuItem key={id} value={id}>
                    {name}
                  </MenuItem>
                ))}
              </TextField>
              <Autocomplete
                freeSolo
                options={groups}
                value={draft.ServiceGroup ?? ''}
                onInputChange={(_event, value) => set({ ServiceGroup: value || null })}
                disabled={readOnly || isDefault}
                renderInput={(params) => <TextField {...params} label={t('pricing.columns.serviceGroup')} placeholder={t('pricing.editor.any')} />}
              />
              <TextField select label={t('pricing.columns.priceableItem')} value={draft.PriceableItem ?? ''} onChange={(event) => set({ PriceableItem: event.target.value || null })} disabled={readOnly || isDefault}>
                <MenuItem value="">{t('pricing.editor.any')}</MenuItem>
                {PRICEABLE_ITEMS.map((item) => (
                  <MenuItem key={item} value={item}>
                    {t(`pricing.item.${item.replace(/[^A-Za-z]/g, '')}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label={t('pricing.columns.pricingModel')}
                value={draft.PricingModel}
                onChange={(event) => set({ PricingModel: event.target.value as PricingModel })}
                helperText={t(`pricing.modelHelp.${draft.PricingModel}`)}
                disabled={readOnly || isDefault}
                data-testid="rule-model"
              >
                {PRICING_MODELS.map((model) => (
                  <MenuItem key={model} value={model} data-testid={`rule-model-${model}`}>
                    {t(`pricing.model.${model}`)}
                  </MenuItem>
                ))}
              </TextField>
              {kind !== 'none' && (
                <DecimalField
                  label={t('pricing.columns.value')}
                  value={draft.Value ?? 0}
                  onValueChange={(value) => set({ Value: value })}
                  disabled={readOnly}
                  slotProps={{ input: { endAdornment: <InputAdornment position="end">{kind === 'percent' ? '%' : currency}</InputAdornment> } }}
                  data-testid="rule-value"
                />
              )}
              {error && (
                <Alert severity="error" data-testid="rule-error">
                  {error}
                </Alert>
              )}
              {preview.isError && <Alert severity="warning">{preview.error.message}</Alert>}
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <PricePreviewTable rows={items} ruleName={draft.Name} loading={preview.isFetching && items.length === 0} />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        {canEdit && rule && !isDefault && (
          <Button color="error" disabled={busy} onClick={() => void save(rules.filter((entry) => entry.Id !== rule.Id).map(toInput))} data-testid="rule-delete" sx={{ mr: 'auto' }}>
            {t('pricing.editor.delete')}
          </Button>
        )}
        <Button onClick={close} disabled={busy}>
          {t('common.cancel')}
        </Button>
        {canEdit && (
          <Button variant="contained" disabled={busy || !draft.Name.trim()} onClick={() => void save(candidate)} data-testid="rule-save">
            {t('pricing.editor.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** A priority just below the default rule's, so a new rule applies before it. */
function nextPriority(rules: readonly StoredRule[]): number {
  const others = rules.filter((rule) => !rule.IsDefault).map((rule) => rule.Priority);
  const ceiling = rules.find((rule) => rule.IsDefault)?.Priority ?? 1000;
  const next = (others.length ? Math.max(...others) : 0) + 10;
  return next < ceiling ? next : Math.max(0, ceiling - 1);
}

function withDraft(rules: readonly StoredRule[], edited: StoredRule | undefined, draft: RuleInput): RuleInput[] {
  const inputs = rules.map((rule) => (edited && rule.Id === edited.Id ? draft : toInput(rule)));
  if (!edited) inputs.splice(Math.max(0, inputs.length - 1), 0, draft);
  return inputs;
}
