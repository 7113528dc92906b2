import KeyIcon from '@mui/icons-material/Key';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { getBranding, type SsoSetup } from '../../branding';
import { REDIRECT_PARAM } from '../../router/guard';
import { startSsoSignIn } from '../../identity/sso/sso-sign-in';

/**
 * One button per branding `sso_setup_list` entry (spec §2 /login): each goes
 * to its provider's sign-in page. Nothing is shown when none is configured.
 */
export function SsoButtons() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [busyId, setBusyId] = useState<string>();
  const entries = getBranding().sso_setup_list;
  if (entries.length === 0) return null;

  const start = async (entry: SsoSetup) => {
    setBusyId(entry.id);
    try {
      await startSsoSignIn(entry, searchParams.get(REDIRECT_PARAM));
    } catch {
      // The service client has shown the error; the page stays for another try.
      setBusyId(undefined);
    }
  };

  return (
    <Stack spacing={1.5} data-testid="sso-buttons">
      <Divider sx={{ typography: 'body2', color: 'text.secondary' }}>{t('access.sso.or')}</Divider>
      {entries.map((entry) => (
        <Button
          key={entry.id}
          variant="outlined"
          size="large"
          fullWidth
          disabled={busyId !== undefined}
          onClick={() => void start(entry)}
          startIcon={busyId === entry.id ? <CircularProgress size={18} color="inherit" /> : <KeyIcon />}
          data-testid={`sso-button-${entry.id}`}
        >
          {t('access.sso.signInWith', { name: entry.name })}
        </Button>
      ))}
    </Stack>
  );
}
