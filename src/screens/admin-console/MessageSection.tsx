import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../../api';
import { showSuccess } from '../../messages';
import { useCurrentUser } from '../../session/current-user';
import { canExecuteAdministration } from './sections';

const MAX_LENGTH = 2000;

/** "12, 15 18" → [12, 15, 18]; undefined when anything else is in the text. */
export function parseUserIds(text: string): number[] | undefined {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0 || parts.some((part) => !/^[1-9]\d*$/.test(part))) return undefined;
  return [...new Set(parts.map(Number))];
}

/** Admin/SendMessage: a toast for the signed-in users. */
export function MessageSection() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const allowed = canExecuteAdministration(user?.Capability ?? []);
  const [text, setText] = useState('');
  const [onlySome, setOnlySome] = useState(false);
  const [recipients, setRecipients] = useState('');
  const userIds = onlySome ? parseUserIds(recipients) : undefined;
  const valid = text.trim() !== '' && (!onlySome || userIds !== undefined);

  const send = useMutation({
    mutationFn: () => callService('Admin', 'SendMessage', { text, userAccountIds: userIds ?? null }),
    onSuccess: () => {
      showSuccess(t('admin.message.sent'));
      setText('');
    },
  });

  return (
    <Card variant="outlined" data-testid="admin-message">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('admin.message.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('admin.message.intro')}
        </Typography>
        {!allowed && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('admin.readOnly')}
          </Alert>
        )}
        <TextField
          label={t('admin.message.text')}
          value={text}
          onChange={(event) => setText(event.target.value.slice(0, MAX_LENGTH))}
          multiline
          minRows={3}
          fullWidth
          helperText={`${text.length} / ${MAX_LENGTH}`}
          slotProps={{ htmlInput: { 'data-testid': 'message-text', maxLength: MAX_LENGTH } }}
        />
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Switch checked={onlySome} onChange={(event) => setOnlySome(event.target.checked)} />}
          label={t('admin.message.onlySome')}
        />
        {onlySome && (
          <TextField
            label={t('admin.message.recipients')}
            value={recipients}
            onChange={(event) => setRecipients(event.target.value)}
            error={recipients.trim() !== '' && userIds === undefined}
            helperText={t('admin.message.recipientsHelp')}
            fullWidth
            sx={{ mt: 1 }}
          />
        )}
        <Box sx={{ mt: 2 }}>
          <Button variant="contained" disabled={!allowed || !valid || send.isPending} onClick={() => send.mutate()} data-testid="message-submit">
            {t('admin.message.send')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
