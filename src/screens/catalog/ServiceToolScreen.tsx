import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { satisfiesCheck } from '../../../engine/shared';
import { useCurrentUser } from '../../session/current-user';
import { useRefreshTick } from '../business/use-refresh-tick';
import { DefinitionGridScreen } from '../list/DefinitionGridScreen';
import { LocalizableFieldsDialog } from './LocalizableFieldsDialog';

/**
 * The vendor's service tool (`/service-tool`, My services Read): its services
 * (screen-definitions/screens/my-services.json, delete as a bulk action), each opening
 * the localizable fields round trip; the service groups tool beside it.
 */
export default function ServiceToolScreen() {
  const { t } = useTranslation();
  const capabilities = useCurrentUser().data?.Capability ?? [];
  const [open, setOpen] = useState<string | undefined>();
  const { tick, refresh } = useRefreshTick();
  const context = useMemo(() => ({ tick }), [tick]);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('catalog.tool.title')}
        </Typography>
        {satisfiesCheck(capabilities, { ObjectType: 'SERVICE_TOOLS', Read: true }) && (
          <Button variant="outlined" component={RouterLink} to="/service-tool/edit-service-groups" data-testid="service-tool-groups">
            {t('catalog.groups.title')}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('catalog.tool.help')}
      </Typography>
      <DefinitionGridScreen
        name="my-services"
        context={context}
        showTitle={false}
        height="max(360px, calc(100vh - 300px))"
        onRowOpen={(row) => setOpen(String(row.Name))}
      />
      {open && <LocalizableFieldsDialog serviceName={open} onClose={() => setOpen(undefined)} onSaved={refresh} />}
    </Box>
  );
}
