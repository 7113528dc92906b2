import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../api';
import { subscribeCobrowse } from '../realtime/server-events';
import type { LiveReplay } from './replay';
import { ReplayFeed } from './replay-feed';

interface Watching {
  sessionId: string;
  userName: string;
  ended: boolean;
}

/** The live view of one session: replays the relayed events as they come; the replayer loads on demand. */
function LiveView({ feed, watching, onEnded }: { feed: ReplayFeed; watching: Watching; onEnded: () => void }) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    let replay: LiveReplay | undefined;
    let detach: (() => void) | undefined;
    let disposed = false;
    void import('./replay').then(({ startReplay }) => {
      if (disposed || !rootRef.current) return;
      const view = startReplay(rootRef.current, t('cobrowse.console.watching', { name: watching.userName }));
      replay = view;
      detach = feed.attach({
        sessionId: watching.sessionId,
        events: (events) => {
          setSeen(true);
          view.add(events);
        },
        ended: onEnded,
      });
    });
    return () => {
      disposed = true;
      detach?.();
      replay?.destroy();
    };
  }, [feed, watching.sessionId, watching.userName, onEnded, t]);

  return (
    <Paper variant="outlined" sx={{ p: 1, overflow: 'auto' }}>
      {!seen && (
        <Typography variant="body2" sx={{ p: 2, color: 'text.secondary' }}>
          {t('cobrowse.console.waitingForPage')}
        </Typography>
      )}
      <Box ref={rootRef} data-testid="cobrowse-replay" sx={{ '& iframe': { border: 0, background: '#fff' } }} />
    </Paper>
  );
}

/**
 * /support/cobrowse (issue 38): a support person enters the code a user reads out and sees the user's
 * page live, pointer included, until either side stops.
 */
export default function CobrowseConsole() {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [watching, setWatching] = useState<Watching>();
  const [feed] = useState(() => new ReplayFeed());
  // From the start: the user's first events may come before the view is ready.
  useEffect(() => subscribeCobrowse((frame) => feed.receive(frame)), [feed]);
  const onEnded = useCallback(() => setWatching((current) => current && { ...current, ended: true }), []);

  const join = async () => {
    setBusy(true);
    try {
      const joined = await callService('Cobrowse', 'JoinCobrowse', { Code: code });
      setWatching({ sessionId: joined.SessionId, userName: joined.UserName, ended: false });
      setCode('');
    } catch {
      // The service client showed why (wrong code, used, locked).
    } finally {
      setBusy(false);
    }
  };
  const stop = async () => {
    if (!watching) return;
    setWatching({ ...watching, ended: true });
    await callService('Cobrowse', 'StopCobrowse', { SessionId: watching.sessionId }, { suppressErrors: true }).catch(() => undefined);
  };
  const live = watching && !watching.ended;

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }} data-testid="cobrowse-console">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('cobrowse.console.title')}
      </Typography>
      {!live && (
        <Stack
          component="form"
          direction="row"
          sx={{ gap: 2, alignItems: 'flex-start', mb: 2 }}
          onSubmit={(event) => {
            event.preventDefault();
            void join();
          }}
        >
          <TextField
            label={t('cobrowse.console.code')}
            helperText={t('cobrowse.console.intro')}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', 'data-testid': 'cobrowse-code-input' } }}
            size="small"
          />
          <Button type="submit" variant="contained" disabled={busy || code.length !== 6} data-testid="cobrowse-join">
            {t('cobrowse.console.join')}
          </Button>
        </Stack>
      )}
      {watching?.ended && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="cobrowse-ended">
          {t('cobrowse.console.ended', { name: watching.userName })}
        </Alert>
      )}
      {live && (
        <Stack spacing={1}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
            <Typography sx={{ flexGrow: 1 }} data-testid="cobrowse-watching">
              {t('cobrowse.console.watching', { name: watching.userName })}
            </Typography>
            <Button variant="outlined" color="error" onClick={() => void stop()} data-testid="cobrowse-agent-stop">
              {t('cobrowse.console.stop')}
            </Button>
          </Stack>
          <LiveView feed={feed} watching={watching} onEnded={onEnded} />
        </Stack>
      )}
    </Box>
  );
}
