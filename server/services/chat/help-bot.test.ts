import { describe, expect, it } from 'vitest';
import type { ChatActivity } from '../../../contract/chat';
import { runHelpBot as helpBotTurn } from './bot-turn';
import type { HelpTurn } from './help-bot';

const turn = (text: string, extra: Partial<HelpTurn> = {}): HelpTurn => ({
  activity: { type: 'message', id: 'c|0000002', from: { id: 'user:7', name: 'Sanne', role: 'user' }, text, locale: 'de-DE' },
  conversationId: 'c',
  state: 'bot',
  user: { id: 7, name: 'Sanne de Vries', language: 'en', capabilities: [] },
  ...extra,
});

describe('the help bot', () => {
  it('welcomes a new conversation by name, in the user’s language', async () => {
    const { replies } = await helpBotTurn({ ...turn(''), activity: { type: 'message', from: { id: 'user:7' }, locale: undefined } as ChatActivity, user: { id: 7, name: 'Sanne', language: 'fr', capabilities: [] } }, true);
    expect(replies).toEqual([{ type: 'message', from: { id: 'portal-help-bot', name: 'Assistant du portail', role: 'bot' }, text: expect.stringContaining('Bonjour Sanne'), textFormat: 'plain', locale: 'fr' }]);
  }, 30_000);

  it('answers where the password is changed with a link to that screen', async () => {
    const { replies, handover } = await helpBotTurn(turn('Wo ändere ich mein Passwort?'));
    expect(handover).toBe(false);
    expect(replies).toHaveLength(1);
    expect(replies[0].text).toContain('Passwortseite');
    expect(replies[0].attachments?.[0].content).toEqual({ title: 'Passwort ändern', buttons: [{ type: 'openUrl', title: '„Passwort ändern“ öffnen', value: '#/change-password' }] });
  });

  it('links the user’s own account page with the user’s id', async () => {
    const { replies } = await helpBotTurn(turn('Where do I change my phone number?', { activity: { ...turn('').activity, text: 'Where do I change my phone number?', locale: 'en' } }));
    expect(replies[0].attachments?.[0].content.buttons?.[0].value).toBe('#/account/7');
  });

  it('hands over when asked for a person, once', async () => {
    const asked = await helpBotTurn(turn('Mitarbeiter'));
    expect(asked.handover).toBe(true);
    expect(asked.replies.map((reply) => reply.type)).toEqual(['message', 'event']);
    expect(asked.replies[1]).toMatchObject({ name: 'portal.conversationState', value: 'waiting' });
    const again = await helpBotTurn(turn('Mitarbeiter', { state: 'waiting' }));
    expect(again.handover).toBe(false);
    expect(again.replies[0].text).toContain('bereits');
    expect((await helpBotTurn(turn('Wo ändere ich mein Passwort?', { state: 'waiting' }))).replies).toEqual([]);
    expect((await helpBotTurn(turn('Mitarbeiter', { state: 'live' }))).replies).toEqual([]);
  });

  it('offers a person when it understood nothing', async () => {
    const { replies } = await helpBotTurn(turn('Xylophon'));
    expect(replies[0].suggestedActions?.actions).toEqual([{ type: 'imBack', title: 'Mit einer Person sprechen', value: 'Mit einer Person sprechen' }]);
  });
});
