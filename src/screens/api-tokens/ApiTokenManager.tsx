import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../i18n/format';
import { showSuccess } from '../../messages';
import { confirm, isConfirmCancelled } from '../../shell/confirm/confirm-store';
import { CreateTokenDialog } from './CreateTokenDialog';
import { TokenShownOnce } from './TokenShownOnce';
import { tokenState, useRevokeToken, useTokens, type ApiToken, type CreatedToken, type TokenOwner } from './token-queries';

const flagsText = (capability: ApiToken['Capabilities'][number]) =>
  (['Read', 'Execute', 'Create', 'Delete'] as const)
    .filter((flag) => capability[flag])
    .map((flag) => flag[0])
    .join('');

/**
 * A list of API tokens with their last use and address, a button to make one (shown once
 * in TokenShownOnce) and Revoke per active token. The same for personal and service tokens.
 */
export function ApiTokenManager({ owner }: { owner: TokenOwner }) {
  const { t } = useTranslation();
  const tokens = useTokens(owner);
  const revoke = useRevokeToken(owner);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedToken>();

  const askRevoke = async (token: ApiToken) => {
    try {
      await confirm({ title: t('apiTokens.revoke'), text: t('apiTokens.revokeConfirm', { name: token.Name }), confirmLabel: t('apiTokens.revoke'), destructive: true });
    } catch (error) {
      if (isConfirmCancelled(error)) return;
      throw error;
    }
    await revoke.mutateAsync(token.Id);
    showSuccess(t('apiTokens.revokedMessage', { name: token.Name }));
  };

  return (
    <Box data-testid="api-tokens">
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t(owner.kind === 'service' ? 'apiTokens.serviceIntro' : 'apiTokens.intro')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} data-testid="api-token-new">
          {t('apiTokens.new')}
        </Button>
      </Box>
      {tokens.isPending && <LinearProgress />}
      {tokens.data?.length === 0 && <Alert severity="info">{t('apiTokens.none')}</Alert>}
      {tokens.data && tokens.data.length > 0 && (
        <Table size="small" aria-label={t('apiTokens.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('apiTokens.columns.name')}</TableCell>
              <TableCell>{t('apiTokens.columns.capabilities')}</TableCell>
              <TableCell>{t('apiTokens.columns.lastUsed')}</TableCell>
              <TableCell>{t('apiTokens.columns.expires')}</TableCell>
              {owner.kind === 'service' && <TableCell>{t('apiTokens.columns.createdBy')}</TableCell>}
              <TableCell>{t('apiTokens.columns.status')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {tokens.data.map((token) => {
              const state = tokenState(token);
              return (
                <TableRow key={token.Id} data-testid={`api-token-${token.Id}`}>
                  <TableCell>
                    <Typography variant="body2">{token.Name}</Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                      {token.Prefix}…{token.AccountName ? ` · ${token.AccountName}` : ''}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                      {token.Capabilities.map((capability) => (
                        <Chip key={capability.ObjectType} size="small" label={`${capability.ObjectType} ${flagsText(capability)}`} />
                      ))}
                    </Box>
                  </TableCell>
                  <TableCell data-testid="api-token-last-used">
                    {token.LastUsedAt ? t('apiTokens.lastUsedFrom', { time: formatDateTime(token.LastUsedAt), ip: token.LastUsedIp ?? '' }) : t('apiTokens.neverUsed')}
                  </TableCell>
                  <TableCell>{formatDate(token.ExpiresAt)}</TableCell>
                  {owner.kind === 'service' && <TableCell>{token.CreatedBy}</TableCell>}
                  <TableCell>
                    <Chip size="small" color={state === 'active' ? 'success' : 'default'} label={t(`apiTokens.state.${state}`)} />
                  </TableCell>
                  <TableCell align="right">
                    {state === 'active' && (
                      <Button size="small" color="error" onClick={() => void askRevoke(token)} disabled={revoke.isPending} data-testid="api-token-revoke">
                        {t('apiTokens.revoke')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      {creating && (
        <CreateTokenDialog
          owner={owner}
          onClose={() => setCreating(false)}
          onCreated={(token) => {
            setCreating(false);
            setCreated(token);
          }}
        />
      )}
      {created && <TokenShownOnce token={created.Token} name={created.ApiToken.Name} onClose={() => setCreated(undefined)} />}
    </Box>
  );
}
