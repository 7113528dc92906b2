/**
 * Toast messages (spec §3 Message, §4 Messages, §9): a small external store the
 * whole app can push into without React context, read with useSyncExternalStore.
 */

export type MessageType = 'error' | 'success' | 'warning' | 'info';

export interface MessageAction {
  label: string;
  action: () => void;
  /** Close the message after the action ran. */
  closeMessage?: boolean;
}

export interface Message {
  id: string;
  type: MessageType;
  title?: string;
  text: string;
  /** Messages with the same name replace each other. */
  name?: string;
  actions?: MessageAction[];
  /** No close button: the message stays until code removes it. */
  closeDisabled?: boolean;
  /** The screen (route path) that raised it: it leaves with that screen. Absent: app-wide. */
  screen?: string;
}

/**
 * What callers pass; `text` is unknown on purpose: empty or non-string removes the named notice.
 * `global`: the message is about the whole app (a broadcast), not the screen on show, and stays
 * when the user moves on; other messages, but successes (they go by themselves), leave with their screen.
 */
export type MessageInput = Omit<Message, 'id' | 'text' | 'screen'> & { text: unknown; global?: boolean };

export const SUCCESS_AUTO_DISMISS_MS = 5000;

/** What goes to a host app when the portal is embedded (spec §2): the message without its id and actions. */
export interface ForwardedMessage {
  type: MessageType;
  title?: string;
  /** Empty: remove the host's notice of this name. */
  text: string;
  name?: string;
  closeDisabled?: boolean;
}

export interface MessageStore {
  /** Shows a message; returns its id, or undefined when the input removed a notice or went to the host instead. */
  show(input: MessageInput): string | undefined;
  /**
   * While set, messages without actions go to this function instead of the
   * stack (the host app shows them). Actions cannot cross to a host: such
   * messages stay here.
   */
  setForwarder(forward: ((message: ForwardedMessage) => void) | undefined): void;
  remove(id: string): void;
  removeByName(name: string): void;
  /** The screen now shown (the router's path): messages other screens raised are removed. */
  setScreen(screen: string): void;
  clear(): void;
  getSnapshot(): readonly Message[];
  subscribe(listener: () => void): () => void;
}

export function createMessageStore(autoDismissMs = SUCCESS_AUTO_DISMISS_MS): MessageStore {
  let messages: readonly Message[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  let forwarder: ((message: ForwardedMessage) => void) | undefined;
  let screen: string | undefined;

  // A new array on every change: useSyncExternalStore compares snapshots by identity.
  const set = (next: readonly Message[]) => {
    messages = next;
    listeners.forEach((listener) => listener());
  };

  const stopTimer = (id: string) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
  };

  const remove = (id: string) => {
    stopTimer(id);
    if (messages.some((message) => message.id === id)) set(messages.filter((message) => message.id !== id));
  };

  const removeByName = (name: string) => {
    messages.filter((message) => message.name === name).forEach((message) => remove(message.id));
  };

  return {
    show(input) {
      if (forwarder && !input.actions?.length) {
        const text = typeof input.text === 'string' ? input.text : '';
        forwarder({ type: input.type, title: input.title, text, name: input.name, closeDisabled: input.closeDisabled });
        return undefined;
      }
      if (typeof input.text !== 'string' || input.text === '') {
        if (input.name) removeByName(input.name);
        return undefined;
      }
      const id = `message-${nextId++}`;
      const { global, ...fields } = input;
      const message: Message = { ...fields, id, text: input.text };
      if (!global && input.type !== 'success' && screen !== undefined) message.screen = screen;
      const replaced = input.name ? messages.find((existing) => existing.name === input.name) : undefined;
      if (replaced) {
        stopTimer(replaced.id);
        set(messages.map((existing) => (existing === replaced ? message : existing)));
      } else {
        set([...messages, message]);
      }
      if (message.type === 'success') timers.set(id, setTimeout(() => remove(id), autoDismissMs));
      return id;
    },
    setForwarder(forward) {
      forwarder = forward;
    },
    remove,
    removeByName,
    setScreen(next) {
      if (next === screen) return;
      screen = next;
      messages.filter((message) => message.screen !== undefined && message.screen !== next).forEach((message) => remove(message.id));
    },
    clear() {
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
      set([]);
    },
    getSnapshot: () => messages,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app-wide store. */
export const messageStore = createMessageStore();

export const showMessage = (input: MessageInput) => messageStore.show(input);
export const removeMessage = (id: string) => messageStore.remove(id);
export const showError = (text: string, title?: string) => messageStore.show({ type: 'error', text, title });
export const showSuccess = (text: string, title?: string) => messageStore.show({ type: 'success', text, title });
export const showWarning = (text: string, title?: string) => messageStore.show({ type: 'warning', text, title });
export const showInfo = (text: string, title?: string) => messageStore.show({ type: 'info', text, title });
