import AddIcon from '@mui/icons-material/Add';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import LowPriorityIcon from '@mui/icons-material/LowPriority';
import TuneIcon from '@mui/icons-material/Tune';
import ViewListIcon from '@mui/icons-material/ViewList';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { holds } from '../../../engine/grids';
import { showSuccess } from '../../messages';
import { useCurrentUser } from '../../session/current-user';
import { useRefreshTick } from '../business/use-refresh-tick';
import { DefinitionGridScreen } from '../list/DefinitionGridScreen';
import { CreatePricelistDialog } from './CreatePricelistDialog';
import { PrioritiesDialog } from './PrioritiesDialog';

/**
 * `/pricelists` (MARKETPLACE and PRICE_LISTS Read): the caller's pricelists from
 * screen-definitions/screens/pricelists.json (delete on a selection), a row opens its
 * prices; new pricelist, priorities, all prices, propagation and customers.
 */
export default function PricelistsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const can = (flag: 'Read' | 'Create' | 'Execute') => (user ? holds(user.Capability, { objectType: 'PRICE_LISTS', flag }) : false);
  const [dialog, setDialog] = useState<'create' | 'priorities' | undefined>();
  const { tick, refresh } = useRefreshTick();
  const context = useMemo(() => ({ tick }), [tick]);
  if (user && !can('Read')) {
    return (
      <Box sx={{ p: { xs: 1, sm: 2 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {t('pricelists.title')}
        </Typography>
        <Alert severity="info" data-testid="pricelists-none">
          {t('pricelists.noneToManage')}
        </Alert>
      </Box>
    );
  }
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('pricelists.title')}
        </Typography>
        {can('Create') && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog('create')} data-testid="pricelists-create">
            {t('pricelists.create.open')}
          </Button>
        )}
        {can('Execute') && (
          <Button variant="outlined" startIcon={<LowPriorityIcon />} onClick={() => setDialog('priorities')} data-testid="pricelists-priorities">
            {t('pricelists.priorities.open')}
          </Button>
        )}
        <Button variant="outlined" startIcon={<ViewListIcon />} onClick={() => navigate('/pricelists/all/edit-all-prices')} data-testid="pricelists-all-prices">
          {t('pricelists.allPrices')}
        </Button>
        <Button variant="outlined" startIcon={<TuneIcon />} onClick={() => navigate('/propagation')} data-testid="pricelists-propagation">
          {t('pricelists.propagation.title')}
        </Button>
        {can('Execute') && (
          <Button variant="outlined" startIcon={<GroupAddIcon />} onClick={() => navigate('/add-to-pricelist')} data-testid="pricelists-add-customers">
            {t('pricelists.customers.title')}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('pricelists.hint')}
      </Typography>
      <DefinitionGridScreen
        name="pricelists"
        context={context}
        showTitle={false}
        height="max(360px, calc(100vh - 300px))"
        onRowOpen={(row) => navigate(`/pricelists/${String(row.Id)}/edit-prices`)}
      />
      {dialog === 'create' && (
        <CreatePricelistDialog
          onClose={() => setDialog(undefined)}
          onCreated={(id) => {
            setDialog(undefined);
            showSuccess(t('pricelists.create.done'));
            refresh();
            navigate(`/propagation?marketplaceId=${id}`);
          }}
        />
      )}
      {dialog === 'priorities' && (
        <PrioritiesDialog
          onClose={() => setDialog(undefined)}
          onSaved={() => {
            setDialog(undefined);
            showSuccess(t('pricelists.priorities.done'));
            refresh();
          }}
        />
      )}
    </Box>
  );
}
