import CloseIcon from '@mui/icons-material/Close';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../api';
import { CHAT_TOKEN_STORAGE_KEY, chatGrant, storeChatGrant, type ChatGrant } from './chat-token';
import { chatView } from './chat-view';
import { ChatComposer } from './ChatComposer';
import { ChatMessages } from './ChatMessages';
import { useDirectLine } from './use-direct-line';

const fetchGrant = async (): Promise<ChatGrant> => {
  const answer = await callService('ChatBot', 'GetToken', {}, { suppressErrors: true });
  return { token: answer.Token, ...(answer.Domain ? { domain: answer.Domain } : {}) };
};

/**
 * The chat assistant's panel (issue 38), loaded when the header's toggle first opens it: the
 * conversation of the user's token (reused for an hour, so reopening resumes it) over Direct Line,
 * in the brand colours and the user's language, messages as text.
 */
export default function ChatPanel({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [grant, setGrant] = useState<ChatGrant>();
  const [unavailable, setUnavailable] = useState(false);
  const [fresh, setFresh] = useState(false);

  useEffect(() => {
    let current = true;
    chatGrant(userId, fetchGrant).then(
      (granted) => current && setGrant(granted),
      (error: unknown) => {
        // Spec §8: chat failures are only logged.
        console.error('Chat token failed', error);
        if (current) setUnavailable(true);
      },
    );
    return () => {
      current = false;
    };
  }, [userId, fresh]);

  const { activities, status, send } = useDirectLine(grant, i18n.language, (token) => storeChatGrant(userId, { ...grant, token }));

  // A kept token the service refuses (its hour is up by the server's clock): one fresh try.
  useEffect(() => {
    if (status !== 'failed') return;
    if (fresh) return setUnavailable(true);
    localStorage.removeItem(CHAT_TOKEN_STORAGE_KEY);
    setFresh(true);
  }, [status, fresh]);

  const view = useMemo(() => chatView(activities, (activity) => activity.from.role === 'user'), [activities]);
  const say = (text: string) => send(text, i18n.language);

  return (
    <Paper
      elevation={12}
      role="dialog"
      aria-labelledby="chat-panel-title"
      data-testid="chat-panel"
      sx={{ position: 'fixed', right: { xs: 8, sm: 24 }, bottom: { xs: 8, sm: 24 }, width: { xs: 'calc(100% - 16px)', sm: 380 }, zIndex: 1200, color: 'text.primary', overflow: 'hidden' }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, px: 2, py: 1, bgcolor: 'brand.main', color: 'brand.contrastText' }}>
        <SmartToyIcon fontSize="small" />
        <Typography id="chat-panel-title" variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
          {t('shell.chat.title')}
        </Typography>
        <IconButton aria-label={t('shell.chat.close')} onClick={onClose} edge="end" size="small" color="inherit">
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
      {unavailable ? (
        <Alert severity="info" sx={{ m: 2 }} data-testid="chat-unavailable">
          {t('shell.chat.unavailable')}
        </Alert>
      ) : (
        <>
          {view.state !== 'bot' && (
            <Alert severity={view.state === 'live' ? 'success' : 'info'} icon={view.state === 'waiting' ? <CircularProgress size={18} /> : undefined} square data-testid="chat-state" data-state={view.state}>
              {t(view.state === 'live' ? 'shell.chat.live' : 'shell.chat.waiting')}
            </Alert>
          )}
          {status !== 'online' && (
            <Typography variant="body2" sx={{ px: 2, pt: 1.5, color: 'text.secondary' }} data-testid="chat-status">
              {t(status === 'reconnecting' ? 'shell.chat.reconnecting' : 'shell.chat.connecting')}
            </Typography>
          )}
          <ChatMessages view={view} onSuggestion={(text) => void say(text).catch((error: unknown) => console.error('Chat message not sent', error))} height="min(420px, 55vh)" />
          <ChatComposer label={t('shell.chat.placeholder')} disabled={status !== 'online'} onSend={say} />
        </>
      )}
    </Paper>
  );
}
