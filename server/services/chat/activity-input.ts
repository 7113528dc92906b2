/**
 * What the built-in Direct Line service takes from a client's activity (issue 38): a message's plain
 * text and its locale, and Web Chat's id of the message (echoed), nothing else. Sender, ids, formats, attachments and channel data are the
 * server's to set, so markup a client sends stays text (`textFormat: 'plain'`) and nobody can speak
 * as someone else.
 */
import { MAX_CHAT_MESSAGE_BYTES, chatTextBytes } from '../../../contract/chat';
import type { ServerTextKey } from '../../texts';

export type UserMessage = { ok: true; text: string; locale: string | undefined; clientActivityId?: string } | { ok: false; status: 400 | 413; key: ServerTextKey; values?: Record<string, number | string> };

const LOCALE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
/** Web Chat's ids of the messages it sends (echoed back, so it sees them arrive): short, no markup. */
const CLIENT_ID = /^[\w.:-]{1,100}$/;
// Control characters but tab and line breaks: nothing a person types.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

export function readUserMessage(body: unknown): UserMessage {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, status: 400, key: 'chat.notAnActivity' };
  const { type, text, locale, attachments, channelData } = body as Record<string, unknown>;
  if (type !== 'message') return { ok: false, status: 400, key: 'chat.onlyMessages' };
  if (Array.isArray(attachments) && attachments.length > 0) return { ok: false, status: 400, key: 'chat.noAttachments' };
  if (typeof text !== 'string') return { ok: false, status: 400, key: 'chat.emptyMessage' };
  const bytes = chatTextBytes(text);
  if (bytes > MAX_CHAT_MESSAGE_BYTES) return { ok: false, status: 413, key: 'chat.messageTooLong', values: { max: MAX_CHAT_MESSAGE_BYTES, bytes } };
  const clean = text.replace(CONTROL, '').trim();
  if (!clean) return { ok: false, status: 400, key: 'chat.emptyMessage' };
  const clientActivityId = (channelData as { clientActivityID?: unknown } | null | undefined)?.clientActivityID;
  return {
    ok: true,
    text: clean,
    locale: typeof locale === 'string' && locale.length <= 35 && LOCALE.test(locale) ? locale : undefined,
    ...(typeof clientActivityId === 'string' && CLIENT_ID.test(clientActivityId) ? { clientActivityId } : {}),
  };
}
