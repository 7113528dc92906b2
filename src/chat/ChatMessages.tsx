import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { ChatView } from './chat-view';

/**
 * A conversation's messages (issue 38), the newest at the bottom: plain text in bubbles (the user's own
 * in the brand colour), links to portal screens as buttons, and the replies the bot suggests. Used by
 * the chat panel and the support console.
 */
export function ChatMessages({ view, onSuggestion, onLink, height }: { view: ChatView; onSuggestion?: (text: string) => void; onLink?: () => void; height: string | number }) {
  const { t } = useTranslation();
  const log = useRef<HTMLDivElement>(null);
  const count = view.messages.length;
  // The newest message in sight; only the log scrolls, never the page.
  useEffect(() => {
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [count]);
  return (
    <Box ref={log} role="log" aria-live="polite" aria-label={t('shell.chat.messages')} data-testid="chat-messages" sx={{ height, overflowY: 'auto', px: 2, py: 1.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
      {view.messages.map((message) => (
        <Box
          key={message.id}
          data-testid="chat-message"
          data-mine={message.mine}
          sx={{
            alignSelf: message.mine ? 'flex-end' : 'flex-start',
            maxWidth: '85%',
            px: 1.5,
            py: 1,
            borderRadius: 2,
            bgcolor: message.mine ? 'brand.main' : 'action.hover',
            color: message.mine ? 'brand.contrastText' : 'text.primary',
          }}
        >
          {!message.mine && message.name && (
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
              {message.name}
            </Typography>
          )}
          {message.title && (
            <Typography variant="subtitle2" component="p">
              {message.title}
            </Typography>
          )}
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.text}
          </Typography>
          {message.links.length > 0 && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
              {message.links.map((link) => (
                <Button key={link.path} component={RouterLink} to={link.path} onClick={onLink} size="small" variant="outlined" data-testid="chat-link">
                  {link.title}
                </Button>
              ))}
            </Stack>
          )}
        </Box>
      ))}
      {onSuggestion && view.suggestions.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, alignSelf: 'flex-end' }}>
          {view.suggestions.map((text) => (
            <Chip key={text} label={text} onClick={() => onSuggestion(text)} color="primary" variant="outlined" data-testid="chat-suggestion" />
          ))}
        </Stack>
      )}
    </Box>
  );
}
