import CloseIcon from '@mui/icons-material/Close';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../api';
import type { Capability } from '../contract';
import { allConsentAccepted, useConsentRecord } from '../consent/consent-store';
import { chatToken } from './chat-token';

type ChatState = { status: 'connecting' } | { status: 'connected'; tokenId: string } | { status: 'unavailable' };

/** Spec §6: chat bot Read plus every cookie-consent service accepted. */
export const chatAllowed = (capabilities: readonly Capability[], consentComplete: boolean) =>
  consentComplete && capabilities.some((capability) => capability.ObjectType === 'CHAT_BOT' && capability.Read === true);

/**
 * The chat assistant toggle of the header and its panel (spec §4 Chat).
 * Opening gets a token (stored one reused up to an hour); there is no
 * assistant service behind it here, so the panel shows the connection only.
 */
export function ChatAssistant({ userId, capabilities }: { userId: number; capabilities: readonly Capability[] }) {
  const { t } = useTranslation();
  const consent = useConsentRecord();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<ChatState>({ status: 'connecting' });
  if (!chatAllowed(capabilities, allConsentAccepted(consent))) return null;

  const toggle = () => {
    if (open) {
      setOpen(false);
      return;
    }
    setOpen(true);
    setState({ status: 'connecting' });
    chatToken(userId, async () => (await callService('ChatBot', 'GetToken', {}, { suppressErrors: true })).Token)
      .then((token) => setState({ status: 'connected', tokenId: token.slice(0, 8) }))
      .catch((error: unknown) => {
        // Spec §8: chat failures are only logged.
        console.error('Chat token failed', error);
        setState({ status: 'unavailable' });
      });
  };

  const label = open ? t('shell.chat.close') : t('shell.chat.open');
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} aria-pressed={open} onClick={toggle} data-testid="chat-toggle">
          <SmartToyIcon />
        </IconButton>
      </Tooltip>
      {open && (
        <Paper
          elevation={12}
          role="dialog"
          aria-labelledby="chat-panel-title"
          data-testid="chat-panel"
          sx={{ position: 'fixed', right: { xs: 8, sm: 24 }, bottom: { xs: 8, sm: 24 }, width: { xs: 'calc(100% - 16px)', sm: 360 }, zIndex: 1200, color: 'text.primary' }}
        >
          <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Typography id="chat-panel-title" variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
              {t('shell.chat.title')}
            </Typography>
            <IconButton aria-label={t('shell.chat.close')} onClick={() => setOpen(false)} edge="end" size="small">
              <CloseIcon fontSize="small" />
            </IconButton>
          </Stack>
          <Stack spacing={1} sx={{ p: 2 }} aria-live="polite">
            {state.status === 'connecting' && <Typography variant="body2">{t('shell.chat.connecting')}</Typography>}
            {state.status === 'connected' && (
              <Alert severity="success" data-testid="chat-connected">
                {t('shell.chat.connected', { tokenId: state.tokenId })}
              </Alert>
            )}
            {state.status === 'unavailable' && <Alert severity="info">{t('shell.chat.unavailable')}</Alert>}
          </Stack>
        </Paper>
      )}
    </>
  );
}
