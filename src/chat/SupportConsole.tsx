import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatConversation } from '../../contract/services/chat-support';
import { callService } from '../api';
import { formatDateTime } from '../i18n/format';
import { subscribeChatQueue } from '../realtime/server-events';
import { useCurrentUser } from '../session/current-user';
import type { ChatGrant } from './chat-token';
import { chatView } from './chat-view';
import { ChatComposer } from './ChatComposer';
import { ChatMessages } from './ChatMessages';
import { useDirectLine } from './use-direct-line';

const QUEUE_KEY = ['chat-support-queue'];

/**
 * /support/conversations, the support side of the chat (issue 38), beside the chat's panel: the conversations whose users asked for a person, within the
 * support person's reach, oldest first; kept current by the live connection's ChatQueueChanged event.
 * Answering one opens it beside the list over Direct Line, with what was said before.
 */
export default function SupportConsole() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const me = useCurrentUser().data?.UserAccountId;
  const [answering, setAnswering] = useState<{ conversation: ChatConversation; grant: ChatGrant }>();
  const queue = useQuery({ queryKey: QUEUE_KEY, queryFn: () => callService('ChatSupport', 'ListChatConversations', {}) });

  useEffect(() => subscribeChatQueue(() => void queryClient.invalidateQueries({ queryKey: QUEUE_KEY })), [queryClient]);

  const join = useMutation({
    mutationFn: (conversation: ChatConversation) => callService('ChatSupport', 'JoinChatConversation', { conversationId: conversation.ConversationId }),
    onSuccess: (joined, conversation) => {
      setAnswering({ conversation, grant: { token: joined.Token } });
      void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
    },
  });
  const end = useMutation({
    mutationFn: (conversationId: string) => callService('ChatSupport', 'EndChatConversation', { conversationId }),
    onSuccess: () => {
      setAnswering(undefined);
      void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
    },
  });

  const { activities, status, send } = useDirectLine(answering?.grant, i18n.language);
  const mine = `agent:${me}`;
  const view = useMemo(() => chatView(activities, (activity) => activity.from.id === mine), [activities, mine]);
  const conversations = queue.data ?? [];

  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }} data-testid="support-conversations">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('supportChat.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, alignItems: 'stretch' }}>
        <Paper variant="outlined" sx={{ width: { md: 360 }, flexShrink: 0 }}>
          <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5 }}>
            {t('supportChat.queue')}
          </Typography>
          {queue.isSuccess && conversations.length === 0 && (
            <Typography variant="body2" sx={{ p: 2, color: 'text.secondary' }} data-testid="support-queue-empty">
              {t('supportChat.empty')}
            </Typography>
          )}
          <List aria-label={t('supportChat.queue')} data-testid="support-queue">
            {conversations.map((conversation) => {
              const mineNow = conversation.State === 'live' && conversation.AgentAccountId === me;
              return (
                <ListItem key={conversation.ConversationId} disablePadding>
                  <ListItemButton
                    selected={answering?.conversation.ConversationId === conversation.ConversationId}
                    disabled={conversation.State === 'live' && !mineNow}
                    onClick={() => join.mutate(conversation)}
                    data-testid="support-conversation"
                    data-state={conversation.State}
                    sx={{ alignItems: 'flex-start', gap: 1 }}
                  >
                    <ListItemText
                      primary={[conversation.UserName, conversation.OrganisationName].filter(Boolean).join(' · ')}
                      secondary={
                        <>
                          <Typography component="span" variant="body2" sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                            {conversation.LastMessage ?? ''}
                          </Typography>
                          {conversation.State === 'waiting'
                            ? t('supportChat.waitingSince', { time: formatDateTime(conversation.WaitingSince) })
                            : t('supportChat.answeredBy', { name: conversation.AgentName ?? '' })}
                        </>
                      }
                    />
                    <Chip
                      size="small"
                      color={conversation.State === 'waiting' ? 'warning' : 'success'}
                      label={conversation.State === 'waiting' ? t('supportChat.answer') : mineNow ? t('supportChat.open') : conversation.Language.toUpperCase()}
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
          {join.isError && (
            <Alert severity="error" sx={{ m: 1 }}>
              {t('supportChat.failed')}
            </Alert>
          )}
        </Paper>
        <Paper variant="outlined" sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }} data-testid="support-conversation-pane">
          {answering ? (
            <>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1, px: 2, py: 1, bgcolor: 'brand.main', color: 'brand.contrastText' }}>
                <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }} data-testid="support-conversation-title">
                  {[answering.conversation.UserName, answering.conversation.OrganisationName].filter(Boolean).join(' · ')}
                </Typography>
                <Button color="inherit" variant="outlined" size="small" onClick={() => end.mutate(answering.conversation.ConversationId)} data-testid="support-end">
                  {t('supportChat.end')}
                </Button>
              </Stack>
              {status !== 'online' && (
                <Typography variant="body2" sx={{ px: 2, pt: 1.5, color: 'text.secondary' }}>
                  {t(status === 'reconnecting' ? 'shell.chat.reconnecting' : 'shell.chat.connecting')}
                </Typography>
              )}
              <ChatMessages view={view} height="min(480px, 60vh)" />
              <ChatComposer label={t('supportChat.reply', { name: answering.conversation.UserName })} disabled={status !== 'online'} onSend={(text) => send(text, i18n.language)} />
            </>
          ) : (
            <Typography variant="body2" sx={{ p: 2, color: 'text.secondary' }}>
              {t('supportChat.choose')}
            </Typography>
          )}
        </Paper>
      </Stack>
    </Box>
  );
}
