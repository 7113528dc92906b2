import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { useEffect } from 'react';

/** Last resort when a screen throws or its code fails to download (e.g. after a deployment). */
export function RouteErrorScreen() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => console.error('Route failed', error), [error]);
  return (
    <Box sx={{ p: 3, maxWidth: 640, mx: 'auto' }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
        }
      >
        {t('errors.unknown')}
      </Alert>
    </Box>
  );
}
