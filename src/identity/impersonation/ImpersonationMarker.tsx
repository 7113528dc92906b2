import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { displayNameOf } from '../../session/current-user';
import { useImpersonation } from './use-impersonation';

/** The bar shown while impersonating (spec §4): who you act as, who you are, and Stop. */
export function ImpersonationMarker() {
  const { t } = useTranslation();
  const { user, impersonated, stop } = useImpersonation();
  if (!user || !impersonated) return null;
  const impersonatorName = user.ImpersonatorAccount?.Views.Values.DisplayName;
  return (
    <Box
      role="status"
      data-testid="impersonation-marker"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: { xs: 1, sm: 2 },
        px: { xs: 2, md: 3 },
        py: 1,
        // Dark text on light orange: unmistakable, and readable (contrast well above 4.5:1) in both themes.
        bgcolor: 'warning.light',
        color: 'grey.900',
      }}
    >
      <SupervisorAccountIcon aria-hidden />
      <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 0 }}>
        <strong>{t('access.impersonation.marker', { user: displayNameOf(user) })}</strong>
        {typeof impersonatorName === 'string' && impersonatorName && (
          <Box component="span" sx={{ opacity: 0.85 }}>
            {' · '}
            {t('access.impersonation.markerBy', { impersonator: impersonatorName })}
          </Box>
        )}
      </Typography>
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        disabled={stop.isPending}
        onClick={() => stop.mutate()}
        title={t('access.impersonation.stopLabel')}
        data-testid="impersonation-stop"
        sx={{ flexShrink: 0, fontWeight: 600 }}
      >
        {t('access.impersonation.stop')}
      </Button>
    </Box>
  );
}
