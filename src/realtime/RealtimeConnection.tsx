import { useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { useEffect } from 'react';
import { showMessage } from '../messages';
import { useCurrentUser } from '../session/current-user';
import { openBrowserSocket } from './browser-socket';
import { refetchUser, refreshCapabilities } from './capability-refresh';
import { browserClock } from './clock';
import { LiveConnection } from './live-connection';
import { MaintenanceCountdown } from './maintenance-countdown';
import { createMaintenanceNoticeSink } from './maintenance-notices';
import { realtimeUrl } from './realtime-url';
import { refreshDefinitions } from './definitions-refresh';
import { publishServerEvent } from './server-events';

const reloadPage = () => window.location.reload();

/**
 * The live connection of the signed-in shell (spec §4): one per session,
 * renders nothing. A new session (sign-in elsewhere, reauth) opens a new one.
 */
export function RealtimeConnection() {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const sessionId = user?.SessionId;
  const userId = user?.UserAccountId;

  useEffect(() => {
    if (!sessionId || !userId) return undefined;
    const countdown = new MaintenanceCountdown({ clock: browserClock, show: createMaintenanceNoticeSink(), reload: reloadPage });
    const connection = new LiveConnection({
      url: realtimeUrl(window.location, import.meta.env.DEV),
      credentials: { sessionId, userId },
      createSocket: openBrowserSocket,
      clock: browserClock,
      log: console,
      events: {
        maintenance: (data) => countdown.apply(data),
        message: (text) => showMessage({ type: 'info', title: i18n.t('realtime.messageTitle'), text, global: true }),
        updateCapabilities: () => void refreshCapabilities(queryClient, reloadPage),
        reauth: () => void refetchUser(queryClient),
        serverMessage: publishServerEvent,
        definitionsChanged: () => refreshDefinitions(queryClient),
      },
    });
    connection.start();
    return () => {
      connection.stop();
      countdown.dispose();
    };
  }, [queryClient, sessionId, userId]);

  return null;
}
