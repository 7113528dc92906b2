/**
 * What the chat shows of a conversation's activities (issue 38): messages as plain text on the side of
 * whoever wrote them, links only to screens of this portal (`#/route`), the replies the bot suggests
 * last, and where the conversation stands (the state events). Nothing here is ever HTML.
 */
import { CHAT_STATE_EVENT, type ChatActivity, type ChatConversationState } from '../../contract/chat';

export interface ChatLink {
  title: string;
  /** A route of this portal, e.g. /change-password. */
  path: string;
}

export interface ChatMessageView {
  id: string;
  mine: boolean;
  name: string | undefined;
  /** A card's title, shown above the text. */
  title: string | undefined;
  text: string;
  links: ChatLink[];
}

export interface ChatView {
  messages: ChatMessageView[];
  /** Replies offered with the last message (sent as the user's text). */
  suggestions: string[];
  state: ChatConversationState;
}

const STATES: readonly string[] = ['bot', 'waiting', 'live'];
/** `#/…` of this portal only: never another site, never `#//host`. */
const PORTAL_ROUTE = /^#(\/(?!\/)[^\s]*)$/;

function linksOf(activity: ChatActivity): ChatLink[] {
  const buttons = (activity.attachments ?? []).flatMap((card) => card.content?.buttons ?? []);
  return buttons.flatMap((button) => {
    const path = button.type === 'openUrl' && typeof button.value === 'string' ? PORTAL_ROUTE.exec(button.value)?.[1] : undefined;
    return path && typeof button.title === 'string' ? [{ title: button.title, path }] : [];
  });
}

export function chatView(activities: readonly ChatActivity[], isMine: (activity: ChatActivity) => boolean): ChatView {
  let state: ChatConversationState = 'bot';
  const messages: ChatMessageView[] = [];
  let suggestions: string[] = [];
  for (const [index, activity] of activities.entries()) {
    if (activity.type === 'event' && activity.name === CHAT_STATE_EVENT && typeof activity.value === 'string' && STATES.includes(activity.value)) {
      state = activity.value as ChatConversationState;
      continue;
    }
    if (activity.type !== 'message') continue;
    const title = activity.attachments?.[0]?.content?.title;
    messages.push({
      id: activity.id ?? String(index),
      mine: isMine(activity),
      name: activity.from.name,
      title: typeof title === 'string' ? title : undefined,
      text: typeof activity.text === 'string' ? activity.text : '',
      links: linksOf(activity),
    });
    suggestions = isMine(activity)
      ? []
      : (activity.suggestedActions?.actions ?? []).flatMap((action) => (action.type === 'imBack' && typeof action.value === 'string' ? [action.value] : []));
  }
  return { messages, suggestions, state };
}
