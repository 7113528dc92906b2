import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LOGIN_PATH } from '../router/guard';
import { signOut } from '../session/sign-out';

export function SignOutButton() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    await signOut(queryClient);
    navigate(LOGIN_PATH, { replace: true });
  };
  return (
    <Button
      color="inherit"
      data-testid="sign-out"
      disabled={busy}
      onClick={() => void onClick()}
      aria-label={t('shell.signOut')}
      startIcon={<LogoutIcon />}
      sx={{ flexShrink: 0, '& .sign-out-label': { display: { xs: 'none', sm: 'inline' } }, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
    >
      <span className="sign-out-label">{t('shell.signOut')}</span>
    </Button>
  );
}
