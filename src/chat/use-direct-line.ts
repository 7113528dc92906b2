import { useCallback, useEffect, useRef, useState } from 'react';
import { DIRECT_LINE_PATH, type ChatActivity } from '../../contract/chat';
import type { ChatGrant } from './chat-token';
import { DirectLineClient, type DirectLineStatus } from './direct-line-client';

/**
 * One Direct Line conversation while a component shows it (issue 38): the activities so far, the
 * connection's status and `send`. A new grant starts another client; unmounting stops it.
 */
export function useDirectLine(grant: ChatGrant | undefined, locale: string, onToken?: (token: string) => void) {
  const [activities, setActivities] = useState<ChatActivity[]>([]);
  const [status, setStatus] = useState<DirectLineStatus>('connecting');
  const client = useRef<DirectLineClient | undefined>(undefined);
  const tokenListener = useRef(onToken);
  tokenListener.current = onToken;
  // The language at the start: a switch later shows in the messages' `locale`.
  const startLocale = useRef(locale);

  useEffect(() => {
    if (!grant) return undefined;
    setActivities([]);
    const line = new DirectLineClient({
      domain: grant.domain ?? `${window.location.origin}${DIRECT_LINE_PATH}`,
      token: grant.token,
      onActivity: (activity) => setActivities((previous) => [...previous, activity]),
      onStatus: setStatus,
      onToken: (token) => tokenListener.current?.(token),
      locale: startLocale.current,
    });
    client.current = line;
    // Spec §8: chat failures are only logged (the status shows the connection is gone).
    line.start().catch((error: unknown) => console.error('Chat conversation failed', error));
    return () => {
      line.stop();
      if (client.current === line) client.current = undefined;
    };
  }, [grant]);

  const send = useCallback(async (text: string, locale: string) => {
    if (!client.current) throw new Error('The chat is not connected');
    await client.current.send(text, locale);
  }, []);

  return { activities, status, send };
}
