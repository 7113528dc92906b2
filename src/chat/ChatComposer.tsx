import SendIcon from '@mui/icons-material/Send';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_CHAT_MESSAGE_BYTES, chatTextBytes } from '../../contract/chat';

/**
 * Where a message is written (issue 38): Enter sends, Shift+Enter breaks the line; over 4 kB it says so
 * and does not send. A refused send keeps the text and says it was not sent.
 */
export function ChatComposer({ label, disabled, onSend }: { label: string; disabled: boolean; onSend: (text: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const tooLong = chatTextBytes(text) > MAX_CHAT_MESSAGE_BYTES;
  const canSend = !disabled && !sending && !tooLong && text.trim().length > 0;

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    setFailed(false);
    try {
      await onSend(text.trim());
      setText('');
    } catch (error) {
      // Spec §8: chat failures are only logged; the text stays for another try.
      console.error('Chat message not sent', error);
      setFailed(true);
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, p: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <TextField
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={label}
        slotProps={{ htmlInput: { 'aria-label': label, 'data-testid': 'chat-input' } }}
        multiline
        maxRows={4}
        size="small"
        fullWidth
        disabled={disabled}
        error={tooLong || failed}
        helperText={tooLong ? t('shell.chat.tooLong') : failed ? t('shell.chat.sendFailed') : undefined}
      />
      <IconButton color="primary" aria-label={t('shell.chat.send')} onClick={() => void send()} disabled={!canSend} data-testid="chat-send">
        <SendIcon />
      </IconButton>
    </Stack>
  );
}
