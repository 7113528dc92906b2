import { Suspense } from 'react';
import { lazyWhenIdle } from '../shell/load-when-idle';
import { messageStore, type MessageStore } from './message-store';
import { useMessages } from './use-messages';

// The toast UI (Snackbar, Alert) is not needed to show the login page: it loads when the page is idle.
const MessageList = lazyWhenIdle(() => import('./MessageList'));

/** Where the app's messages show (mounted once, in App). */
export function MessageStack({ store = messageStore }: { store?: MessageStore }) {
  const messages = useMessages(store);
  if (messages.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <MessageList messages={messages} store={store} />
    </Suspense>
  );
}
