import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { holds } from '../../../engine/grids';
import { callService } from '../../api';
import { showSuccess } from '../../messages';
import { useCurrentUser } from '../../session/current-user';
import { GridRowOpener } from '../business/GridRowOpener';
import { useRefreshTick } from '../business/use-refresh-tick';
import { DefinitionGridScreen } from '../list/DefinitionGridScreen';
import { RuleEditorDialog } from './RuleEditorDialog';
import type { StoredRule } from './pricing-types';

/** Spec §9 search debounce. */
const SEARCH_DELAY_MS = 300;
/** Until the server has told its minimum (GetPricingRuleGroup SearchMinLength). */
const DEFAULT_SEARCH_MIN_LENGTH = 3;

/**
 * `/pricing-rules` (PRICING_RULES Read): the rules of a pricelist
 * (screen-definitions/screens/pricing-rules.json), searched on the server, and an
 * editor whose price preview follows the rule as it is edited.
 */
export default function PricingRulesScreen() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const canEdit = user ? holds(user.Capability, { objectType: 'PRICING_RULES', flag: 'Execute' }) : false;
  const pricelists = useQuery({ queryKey: ['pricing-rule-groups'], queryFn: ({ signal }) => callService('Pricing', 'ListPricingRuleGroups', {}, { signal }) });
  const [marketplaceId, setMarketplaceId] = useState<number | undefined>();
  const selectedId = marketplaceId ?? pricelists.data?.[0]?.MarketplaceId;
  const group = useQuery({
    queryKey: ['pricing-rule-group', selectedId],
    queryFn: ({ signal }) => callService('Pricing', 'GetPricingRuleGroup', { inputDto: { MarketplaceId: selectedId! } }, { signal }),
    enabled: selectedId !== undefined,
  });
  const minLength = group.data?.SearchMinLength ?? DEFAULT_SEARCH_MIN_LENGTH;
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchInput.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);
  const searchTooShort = search.length > 0 && search.length < minLength;
  // An emptied field drops the hint at once, not after the debounce.
  const showTooShort = searchTooShort && searchInput.trim() !== '';
  const { tick, refresh } = useRefreshTick();
  const context = useMemo(
    () => ({ marketplaceId: selectedId, search: search && !searchTooShort ? search : undefined, tick }),
    [selectedId, search, searchTooShort, tick],
  );
  const [editing, setEditing] = useState<{ rule: StoredRule | undefined } | undefined>();

  if (pricelists.data && pricelists.data.length === 0) return <Alert severity="info" sx={{ m: 2 }}>{t('pricing.noPricelists')}</Alert>;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('pricing.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 1, alignItems: { sm: 'flex-start' } }}>
        <TextField
          select
          size="small"
          label={t('pricing.pricelist')}
          value={selectedId ?? ''}
          onChange={(event) => setMarketplaceId(Number(event.target.value))}
          sx={{ minWidth: 260 }}
          data-testid="pricing-pricelist"
        >
          {(pricelists.data ?? []).map((pricelist) => (
            <MenuItem key={pricelist.MarketplaceId} value={pricelist.MarketplaceId}>
              {pricelist.Name} · {pricelist.Currency}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="search"
          label={t('pricing.search')}
          value={searchInput}
          onChange={(event) => setSearchInput(event.target.value)}
          onKeyDown={(event) => event.key === 'Escape' && setSearchInput('')}
          error={showTooShort}
          helperText={showTooShort ? t('pricing.searchTooShort', { length: minLength }) : ' '}
          sx={{ minWidth: 260 }}
          data-testid="pricing-search"
        />
        <Box sx={{ flexGrow: 1 }} />
        {canEdit && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ rule: undefined })} disabled={!group.data} data-testid="pricing-add-rule">
            {t('pricing.addRule')}
          </Button>
        )}
      </Stack>
      {selectedId !== undefined && (
        <GridRowOpener onOpen={(rowId) => setEditing({ rule: group.data?.Rules.find((rule) => String(rule.Id) === rowId) })}>
          <DefinitionGridScreen key={selectedId} name="pricing-rules" context={context} showTitle={false} height="max(360px, calc(100vh - 320px))" />
        </GridRowOpener>
      )}
      {editing && group.data && selectedId !== undefined && (
        <RuleEditorDialog
          marketplaceId={selectedId}
          currency={group.data.Currency}
          rules={group.data.Rules}
          rule={editing.rule}
          canEdit={canEdit}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            showSuccess(t('pricing.saved'));
            void group.refetch();
            void pricelists.refetch();
            refresh();
          }}
        />
      )}
    </Box>
  );
}
