export { messageStore, createMessageStore, showMessage, removeMessage, showError, showSuccess, showWarning, showInfo, SUCCESS_AUTO_DISMISS_MS } from './message-store';
export type { Message, MessageInput, MessageAction, MessageType, MessageStore, ForwardedMessage } from './message-store';
export { useMessages } from './use-messages';
export { MessageStack } from './MessageStack';
