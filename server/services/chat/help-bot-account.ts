import type { ChatChannelAccount } from '../../../contract/chat';
import type { Translate } from '../../texts';

/** The bot's side of the conversation, in every activity it (or the handover) sends: without loading botbuilder. */
export const botAccount = (t: Translate): ChatChannelAccount => ({ id: 'portal-help-bot', name: t('chat.botName'), role: 'bot' });
