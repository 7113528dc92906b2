import { useSyncExternalStore } from 'react';
import { messageStore, type Message, type MessageStore } from './message-store';

export function useMessages(store: MessageStore = messageStore): readonly Message[] {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
