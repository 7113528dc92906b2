import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../session';
import { useCreateToken, type CreatedToken, type NewTokenParams, type TokenOwner } from './token-queries';

const FLAGS = ['Read', 'Execute', 'Create', 'Delete'] as const;
type Flag = (typeof FLAGS)[number];
const EXPIRY_DAYS = [7, 30, 90, 365] as const;

/** The flags the signed-in user holds per object type (LOGIN is every token's, not chosen). */
function useHeldFlags(): [string, Flag[]][] {
  const user = useCurrentUser().data;
  return useMemo(() => {
    const capabilities = user?.Capability ?? [];
    const held = new Map<string, Set<Flag>>();
    for (const capability of capabilities) {
      if (capability.ObjectType === 'LOGIN') continue;
      const flags = held.get(capability.ObjectType) ?? new Set<Flag>();
      for (const flag of FLAGS) if (capability[flag]) flags.add(flag);
      held.set(capability.ObjectType, flags);
    }
    return [...held].filter(([, flags]) => flags.size > 0).map(([type, flags]) => [type, FLAGS.filter((flag) => flags.has(flag))] as [string, Flag[]]).sort(([a], [b]) => a.localeCompare(b));
  }, [user]);
}

const key = (type: string, flag: Flag) => `${type}.${flag}`;

/** Name, life, capabilities (from those held) and optional addresses of a new token. */
export function CreateTokenDialog({ owner, onClose, onCreated }: { owner: TokenOwner; onClose: () => void; onCreated: (token: CreatedToken) => void }) {
  const { t } = useTranslation();
  const held = useHeldFlags();
  const create = useCreateToken(owner);
  const [name, setName] = useState('');
  const [days, setDays] = useState<number>(90);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [addresses, setAddresses] = useState('');

  const toggle = (type: string, flag: Flag) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(key(type, flag))) next.delete(key(type, flag));
      else next.add(key(type, flag));
      return next;
    });

  const submit = () => {
    const capabilities = held
      .map(([type, flags]) => ({ ObjectType: type, ...Object.fromEntries(flags.filter((flag) => chosen.has(key(type, flag))).map((flag) => [flag, true])) }))
      .filter((capability) => Object.keys(capability).length > 1);
    const allowedIps = addresses.split(/[\s,]+/).map((entry) => entry.trim()).filter(Boolean);
    const params: NewTokenParams = { name: name.trim(), expiresInDays: days, capabilities, allowedIps };
    create.mutate(params, { onSuccess: onCreated });
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="api-token-dialog-title">
      <DialogTitle id="api-token-dialog-title">{t(owner.kind === 'service' ? 'apiTokens.dialog.serviceTitle' : 'apiTokens.dialog.title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', gap: 2, mt: 1 }}>
          <TextField
            label={t('apiTokens.dialog.name')}
            helperText={t('apiTokens.dialog.nameHelp')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'api-token-name' } }}
            required
            autoFocus
            sx={{ flex: 2 }}
          />
          <TextField select label={t('apiTokens.dialog.expiry')} value={days} onChange={(event) => setDays(Number(event.target.value))} sx={{ flex: 1 }}>
            {EXPIRY_DAYS.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`apiTokens.expiry.d${value}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {t('apiTokens.dialog.capabilities')}
        </Typography>
        <Box sx={{ maxHeight: 240, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 0.5 }} data-testid="api-token-capabilities">
          {held.map(([type, flags]) => (
            <Box key={type} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography variant="body2" sx={{ width: 230, fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' }}>
                {type}
              </Typography>
              {/* One column per flag, so the same flag lines up on every row; a flag not held leaves its column empty. */}
              {FLAGS.map((flag) => (
                <Box key={flag} sx={{ width: 110 }}>
                  {flags.includes(flag) && (
                    <FormControlLabel
                      control={<Checkbox size="small" checked={chosen.has(key(type, flag))} onChange={() => toggle(type, flag)} slotProps={{ input: { 'aria-label': `${type} ${flag}` } }} />}
                      label={t(`admin.security.flags.${flag}`)}
                    />
                  )}
                </Box>
              ))}
            </Box>
          ))}
        </Box>
        <TextField
          label={t('apiTokens.dialog.allowedIps')}
          helperText={t('apiTokens.dialog.allowedIpsHelp')}
          value={addresses}
          onChange={(event) => setAddresses(event.target.value)}
          fullWidth
          sx={{ mt: 2 }}
          slotProps={{ htmlInput: { 'data-testid': 'api-token-ips' } }}
        />
        {create.isError && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="api-token-error">
            {create.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={!name.trim() || chosen.size === 0 || create.isPending} data-testid="api-token-create">
          {t('apiTokens.dialog.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
