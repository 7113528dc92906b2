import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ComputerIcon from '@mui/icons-material/Computer';
import SmartphoneIcon from '@mui/icons-material/Smartphone';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callService } from '../../api';
import { formatDateTime } from '../../i18n/format';
import { showSuccess } from '../../messages';

export const MY_SESSIONS_QUERY_KEY = ['identity', 'mySessions'] as const;

/** The user's active sessions (issue 23, ASVS V7): which device, from where, since when; end one or all others. */
export function SessionsCard({ impersonated }: { impersonated: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: MY_SESSIONS_QUERY_KEY, queryFn: () => callService('Account', 'GetMySessions', {}) });
  const done = async (count: number) => {
    await queryClient.invalidateQueries({ queryKey: MY_SESSIONS_QUERY_KEY });
    showSuccess(t('identity.sessions.ended', { count }));
  };
  const endOne = useMutation({
    mutationFn: (sessionId: string) => callService('Account', 'EndMySession', { sessionId }),
    onSuccess: (result) => done(result.Ended),
  });
  const endOthers = useMutation({ mutationFn: () => callService('Account', 'EndMyOtherSessions', {}), onSuccess: (result) => done(result.Ended) });
  const others = (sessions.data ?? []).filter((session) => !session.IsCurrent).length;

  return (
    <Card variant="outlined" data-testid="my-sessions">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('identity.sessions.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('identity.sessions.intro')}
        </Typography>
        {sessions.isPending ? (
          <Skeleton variant="rounded" height={72} />
        ) : (
          <List>
            {(sessions.data ?? []).map((session) => (
              <ListItem key={session.Id} divider data-testid="session-row" data-current={session.IsCurrent} sx={{ flexWrap: 'wrap', columnGap: 1 }}>
                <ListItemIcon>{session.Mobile ? <SmartphoneIcon /> : <ComputerIcon />}</ListItemIcon>
                <ListItemText
                  sx={{ flex: '1 1 260px', minWidth: 0, overflowWrap: 'anywhere' }}
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <span>
                        {session.Browser && session.System
                          ? t('identity.sessions.device', { browser: session.Browser, system: session.System })
                          : (session.Browser ?? session.System ?? t('identity.sessions.unknownDevice'))}
                      </span>
                      {session.IsCurrent && <Chip size="small" color="primary" label={t('identity.sessions.current')} data-testid="session-current" />}
                      {session.Impersonating && <Chip size="small" variant="outlined" label={t('identity.sessions.impersonating')} />}
                    </Stack>
                  }
                  secondary={t('identity.sessions.details', {
                    address: session.Address ?? '—',
                    started: formatDateTime(session.StartedAt),
                    lastSeen: formatDateTime(session.LastSeenAt),
                  })}
                />
                {!session.IsCurrent && !impersonated && (
                  <Button size="small" color="error" onClick={() => endOne.mutate(session.Id)} disabled={endOne.isPending} data-testid="session-end" sx={{ ml: 'auto' }}>
                    {t('identity.sessions.end')}
                  </Button>
                )}
              </ListItem>
            ))}
          </List>
        )}
        {others > 0 && !impersonated && (
          <Button variant="outlined" color="error" sx={{ mt: 2 }} onClick={() => endOthers.mutate()} disabled={endOthers.isPending} data-testid="sessions-end-others">
            {t('identity.sessions.endOthers')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
