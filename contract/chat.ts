/**
 * The chat assistant's wire format (issue 38): the subset of the Bot Framework Direct Line 3.0
 * protocol that Microsoft's clients use, served by server/services/chat/ and spoken by
 * src/chat/direct-line-client.ts (and by botframework-directlinejs or Web Chat against it).
 */

/** Where the Direct Line routes live on the portal's own origin. */
export const DIRECT_LINE_PATH = '/v3/directline';

/** A message's text may have at most this many bytes (UTF-8); a longer one is refused with 413. */
export const MAX_CHAT_MESSAGE_BYTES = 4096;

/** How long a chat token is valid (spec §7: the client reuses it for up to an hour). */
export const CHAT_TOKEN_LIFETIME_SECONDS = 3600;

/** The conversation's state: the help bot answers, the user waits for a person, or a person answers. */
export type ChatConversationState = 'bot' | 'waiting' | 'live';

/** The event activity that tells the client the conversation's new state (`value`). */
export const CHAT_STATE_EVENT = 'portal.conversationState';

/** A button: `openUrl` opens a screen of the portal (`#/route`), `imBack` sends its value as the user's message. */
export interface ChatCardAction {
  type: 'openUrl' | 'imBack';
  title: string;
  value: string;
}

export interface ChatHeroCard {
  contentType: 'application/vnd.microsoft.card.hero';
  content: { title?: string; text?: string; buttons?: ChatCardAction[] };
}

export interface ChatChannelAccount {
  id: string;
  name?: string;
  role?: 'user' | 'bot';
}

/** One activity as the server stores and answers it; text is always plain text (`textFormat: 'plain'`). */
export interface ChatActivity {
  type: 'message' | 'event' | 'typing';
  id?: string;
  timestamp?: string;
  conversation?: { id: string };
  from: ChatChannelAccount;
  text?: string;
  textFormat?: 'plain';
  locale?: string;
  /** Event activities: the event's name and value. */
  name?: string;
  value?: unknown;
  suggestedActions?: { actions: ChatCardAction[] };
  attachments?: ChatHeroCard[];
  replyToId?: string;
  /** The only channel data kept: the id Web Chat gives a message it sends, echoed so it knows the message arrived. */
  channelData?: { clientActivityID: string };
}

/** GET …/activities and every stream message. */
export interface ChatActivitySet {
  activities: ChatActivity[];
  watermark?: string;
}

/** POST /tokens/generate, /tokens/refresh, /conversations. */
export interface DirectLineConversation {
  conversationId: string;
  token: string;
  expires_in: number;
  streamUrl?: string;
}

/** Direct Line's error body. */
export interface DirectLineError {
  error: { code: string; message: string };
}

/** The size of a text as the limit counts it. */
export const chatTextBytes = (text: string): number => new TextEncoder().encode(text).length;
