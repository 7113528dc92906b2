import { describe, expect, it } from 'vitest';
import { readUserMessage } from './activity-input';

describe("a client's activity", () => {
  it('gives its text and locale, nothing else', () => {
    expect(readUserMessage({ type: 'message', text: '  Wo ändere ich mein Passwort? ', locale: 'de-DE', from: { id: 'bot', role: 'bot' }, textFormat: 'markdown' })).toEqual({
      ok: true,
      text: 'Wo ändere ich mein Passwort?',
      locale: 'de-DE',
    });
  });

  it('keeps Web Chat’s id of the message, and no other channel data', () => {
    expect(readUserMessage({ type: 'message', text: 'x', channelData: { clientActivityID: '1712345678901.abc', html: '<b>' } })).toEqual({ ok: true, text: 'x', locale: undefined, clientActivityId: '1712345678901.abc' });
    expect(readUserMessage({ type: 'message', text: 'x', channelData: { clientActivityID: '<img src=x>' } })).toEqual({ ok: true, text: 'x', locale: undefined });
  });

  it('keeps markup as the text it is', () => {
    expect(readUserMessage({ type: 'message', text: '<img src=x onerror=alert(1)>' })).toEqual({ ok: true, text: '<img src=x onerror=alert(1)>', locale: undefined });
  });

  it('refuses more than 4096 bytes, counted in UTF-8', () => {
    expect(readUserMessage({ type: 'message', text: 'a'.repeat(4096) }).ok).toBe(true);
    expect(readUserMessage({ type: 'message', text: 'ä'.repeat(2049) })).toEqual({ ok: false, status: 413, key: 'chat.messageTooLong', values: { max: 4096, bytes: 4098 } });
  });

  it('refuses what is not a message with text', () => {
    expect(readUserMessage(null)).toMatchObject({ ok: false, status: 400, key: 'chat.notAnActivity' });
    expect(readUserMessage([])).toMatchObject({ ok: false, key: 'chat.notAnActivity' });
    expect(readUserMessage({ type: 'event', name: 'x' })).toMatchObject({ ok: false, key: 'chat.onlyMessages' });
    expect(readUserMessage({ type: 'message', text: ' \u0000 ' })).toMatchObject({ ok: false, key: 'chat.emptyMessage' });
    expect(readUserMessage({ type: 'message', text: 42 })).toMatchObject({ ok: false, key: 'chat.emptyMessage' });
    expect(readUserMessage({ type: 'message', text: 'x', attachments: [{ contentType: 'text/html', content: '<b>x</b>' }] })).toMatchObject({ ok: false, key: 'chat.noAttachments' });
  });

  it('drops a locale that is not a language tag', () => {
    expect(readUserMessage({ type: 'message', text: 'x', locale: '../../etc' })).toMatchObject({ ok: true, locale: undefined });
  });
});
