import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { callService } from '../../api';
import { showSuccess } from '../../messages';
import { confirm, isConfirmCancelled } from '../../shell/confirm';

/**
 * The Security page's word on API tokens (issue 34): what ends them (a password change does not,
 * a reset does) and "Revoke all my tokens", after a confirmation.
 */
export function ApiTokensCard() {
  const { t } = useTranslation();
  const revokeAll = useMutation({
    mutationFn: () => callService('Authorization', 'RevokeMyApiTokens', {}),
    onSuccess: (count) => showSuccess(t('identity.tokens.revoked', { count })),
  });
  const ask = async () => {
    try {
      await confirm({ title: t('identity.tokens.revokeAll'), text: t('identity.tokens.revokeAllConfirm'), confirmLabel: t('identity.tokens.revokeAll'), destructive: true });
    } catch (error) {
      if (isConfirmCancelled(error)) return;
      throw error;
    }
    revokeAll.mutate();
  };
  return (
    <Card variant="outlined" data-testid="my-api-tokens">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('identity.tokens.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="my-api-tokens-policy">
          {t('identity.tokens.policy')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <Button variant="outlined" color="error" onClick={() => void ask()} disabled={revokeAll.isPending} data-testid="revoke-all-tokens">
            {t('identity.tokens.revokeAll')}
          </Button>
          <Link component={RouterLink} to="/api-tokens">
            {t('identity.tokens.open')}
          </Link>
        </Stack>
      </CardContent>
    </Card>
  );
}
