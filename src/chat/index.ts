export { ChatAssistant, chatAllowed } from './ChatAssistant';
export { chatToken, CHAT_TOKEN_STORAGE_KEY, CHAT_TOKEN_REUSE_MS } from './chat-token';
