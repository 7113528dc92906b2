import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import StarIcon from '@mui/icons-material/Star';
import KeyIcon from '@mui/icons-material/Key';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { callService } from '../../api';
import type { SessionUser } from '../../../contract';
import { showSuccess } from '../../messages';
import { CURRENT_USER_QUERY_KEY, useCurrentUser } from '../../session/current-user';
import { withRedirect } from './with-redirect';
import { methodTypeKey } from './method-labels';
import { MethodIcon } from './MethodIcon';
import { RemoveMethodDialog, RenameMethodDialog } from './MethodDialogs';
import { AddPasskeyDialog } from './AddPasskeyDialog';
import { SessionsCard } from './SessionsCard';
import { ApiTokensCard } from './ApiTokensCard';
import { passkeysSupported } from '../../identity/passkeys/passkey-client';
import { formatDateTime } from '../../i18n/format';

type Method = SessionUser['UserAuthenticationMethods'][number];

export const MFA_METHODS_QUERY_KEY = ['identity', 'mfaMethods'] as const;
const PASSKEYS_QUERY_KEY = ['identity', 'passkeys'] as const;
const HERE = '/account-security';

/** /account-security: the signed-in user's MFA methods (rename, make primary, remove, add; passkeys too), password and sessions. */
export default function AccountSecurityScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const methods = useQuery({ queryKey: MFA_METHODS_QUERY_KEY, queryFn: () => callService('Account', 'GetTwoFactorAuthenticationMethods', {}) });
  const [renaming, setRenaming] = useState<Method>();
  const [removing, setRemoving] = useState<Method>();
  const [addingPasskey, setAddingPasskey] = useState(false);
  // Passkeys are methods too; their last use comes with them (issue 23).
  const passkeys = useQuery({ queryKey: PASSKEYS_QUERY_KEY, queryFn: () => callService('Account', 'GetPasskeys', {}) });
  const lastUse = (id: number) => {
    const passkey = passkeys.data?.find((candidate) => candidate.Id === id);
    if (!passkey) return '';
    return passkey.LastUsedAt ? t('identity.passkeys.lastUsed', { date: formatDateTime(passkey.LastUsedAt) }) : t('identity.passkeys.neverUsed');
  };

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: MFA_METHODS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
    ]);
  };
  const makePrimary = useMutation({
    mutationFn: (id: number) => callService('Account', 'SetPrimaryTwoFactorAuthentication', { authenticationMethodId: id }),
    onSuccess: async () => {
      await refresh();
      showSuccess(t('identity.security.saved'));
    },
  });
  const impersonated = Boolean(user?.ImpersonatorAccountId);

  return (
    <Stack spacing={3} sx={{ maxWidth: 760, mx: 'auto', mt: { xs: 1, md: 3 } }} data-testid="account-security">
      <Typography variant="h4" component="h1">
        {t('identity.security.title')}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            {t('identity.security.methodsTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('identity.security.methodsIntro')}
          </Typography>
          {methods.isPending ? (
            <Skeleton variant="rounded" height={72} />
          ) : methods.data && methods.data.length > 0 ? (
            <List data-testid="mfa-methods">
              {methods.data.map((method) => (
                <ListItem key={method.Id} divider data-testid={`mfa-method-row-${method.Id}`} sx={{ flexWrap: 'wrap', columnGap: 1 }}>
                  <ListItemIcon>
                    <MethodIcon type={method.Type} />
                  </ListItemIcon>
                  <ListItemText
                    sx={{ flex: '1 1 220px', minWidth: 0, overflowWrap: 'anywhere' }}
                    primary={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <span>{method.Name}</span>
                        {method.IsPrimary && <Chip size="small" color="primary" variant="outlined" label={t('identity.mfa.primary')} />}
                      </Stack>
                    }
                    secondary={method.Type === 'PASSKEY' ? `${t(methodTypeKey(method.Type))} · ${lastUse(method.Id)}` : t(methodTypeKey(method.Type))}
                  />
                  {/* Actions wrap below the name on narrow screens instead of covering it. */}
                  <Stack direction="row" spacing={0.5} sx={{ ml: 'auto' }}>
                    {!method.IsPrimary && (
                      <IconButton
                        aria-label={t('identity.security.makePrimary')}
                        title={t('identity.security.makePrimary')}
                        onClick={() => makePrimary.mutate(method.Id)}
                        disabled={makePrimary.isPending || impersonated}
                      >
                        <StarIcon />
                      </IconButton>
                    )}
                    <IconButton aria-label={t('identity.security.rename')} title={t('identity.security.rename')} onClick={() => setRenaming(method)} disabled={impersonated}>
                      <EditIcon />
                    </IconButton>
                    <IconButton aria-label={t('identity.security.remove')} title={t('identity.security.remove')} onClick={() => setRemoving(method)} disabled={impersonated}>
                      <DeleteIcon />
                    </IconButton>
                  </Stack>
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography sx={{ my: 2 }} data-testid="mfa-methods-empty">
              {t('identity.security.none')}
            </Typography>
          )}
          {!impersonated && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
              <Button variant="outlined" startIcon={<AddIcon />} component={RouterLink} to={withRedirect('/setup-mfa', HERE)} data-testid="add-totp">
                {t('identity.security.addApp')}
              </Button>
              <Button variant="outlined" startIcon={<AddIcon />} component={RouterLink} to={withRedirect('/setup-mfa-email', HERE)} data-testid="add-email">
                {t('identity.security.addEmail')}
              </Button>
              {passkeysSupported() && (
                <Button variant="outlined" startIcon={<KeyIcon />} onClick={() => setAddingPasskey(true)} data-testid="add-passkey">
                  {t('identity.passkeys.add')}
                </Button>
              )}
            </Stack>
          )}
        </CardContent>
      </Card>
      {!impersonated && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('identity.security.passwordTitle')}
            </Typography>
            <Button variant="outlined" startIcon={<VpnKeyIcon />} component={RouterLink} to={withRedirect('/change-password', HERE)} data-testid="security-change-password">
              {t('identity.password.changeTitle')}
            </Button>
          </CardContent>
        </Card>
      )}
      <SessionsCard impersonated={impersonated} />
      {!impersonated && <ApiTokensCard />}
      <AddPasskeyDialog open={addingPasskey} onClose={() => setAddingPasskey(false)} onDone={refresh} />
      <RenameMethodDialog method={renaming} onClose={() => setRenaming(undefined)} onDone={refresh} />
      <RemoveMethodDialog method={removing} onClose={() => setRemoving(undefined)} onDone={refresh} />
    </Stack>
  );
}
