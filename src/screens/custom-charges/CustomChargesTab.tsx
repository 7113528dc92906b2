import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { holds } from '../../../engine/grids';
import { showSuccess } from '../../messages';
import { useCurrentUser } from '../../session/current-user';
import { useRefreshTick } from '../business/use-refresh-tick';
import { DefinitionGridScreen } from '../list/DefinitionGridScreen';
import { AddChargeDialog } from './AddChargeDialog';

/**
 * The custom charges of one account (screen-definitions/screens/custom-charges.json),
 * for the account screen to mount as a tab: add (dialog) and delete while
 * Pending billing. Mount it lazily so AG Grid loads only with the tab.
 */
export function CustomChargesTab({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const canAdd = user ? holds(user.Capability, { objectType: 'CUSTOM_CHARGES', flag: 'Create' }) : false;
  const [adding, setAdding] = useState(false);
  const { tick, refresh } = useRefreshTick();
  const context = useMemo(() => ({ accountId, tick }), [accountId, tick]);
  return (
    <Box>
      {canAdd && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)} data-testid="charges-add">
            {t('charges.add.open')}
          </Button>
        </Box>
      )}
      <DefinitionGridScreen name="custom-charges" context={context} showTitle={false} height="max(360px, calc(100vh - 320px))" />
      {adding && (
        <AddChargeDialog
          accountId={accountId}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            showSuccess(t('charges.add.done'));
            refresh();
          }}
        />
      )}
    </Box>
  );
}

export default CustomChargesTab;
