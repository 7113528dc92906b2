import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../../api';
import type { DefinitionSummary } from '../../../contract/services/studio';
import { errorText } from './studio-errors';
import { STUDIO_LIST_KEY } from './studio-queries';

/**
 * A definition created in the studio can be retired: no longer served, its
 * menu entry gone, its versions kept (publishing one brings it back).
 */
export function RetireDefinition({ summary }: { summary: DefinitionSummary }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState(false);
  if (summary.State === 'retired') {
    return (
      <Alert severity="info" sx={{ mb: 2 }} data-testid="studio-retired">
        {t('studio.create.retiredNote')}
      </Alert>
    );
  }
  const retire = async () => {
    try {
      await callService('Studio', 'RetireDefinition', { kind: summary.Kind, name: summary.Name });
      await queryClient.invalidateQueries({ queryKey: STUDIO_LIST_KEY });
    } catch (failure) {
      setError(errorText(failure, t));
    }
  };
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => (confirming ? void retire() : setConfirming(true))} data-testid="studio-retire">
          {confirming ? t('studio.create.retireConfirm') : t('studio.create.retire')}
        </Button>
      }
    >
      {error || t('studio.create.createdNote')}
    </Alert>
  );
}
