import { describe, expect, it } from 'vitest';
import type { ChatActivity } from '../../contract/chat';
import { chatView } from './chat-view';

const bot = { id: 'portal-help-bot', name: 'Portal assistant', role: 'bot' as const };
const user = { id: 'user:7', name: 'Sanne', role: 'user' as const };
const mine = (activity: ChatActivity) => activity.from.role === 'user';

describe('the chat view', () => {
  it('shows markup as the text it is, on the side of whoever wrote it', () => {
    const view = chatView([{ type: 'message', id: '1', from: user, text: '<img src=x onerror=alert(1)>' }, { type: 'message', id: '2', from: bot, text: 'Hello' }], mine);
    expect(view.messages).toEqual([
      { id: '1', mine: true, name: 'Sanne', title: undefined, text: '<img src=x onerror=alert(1)>', links: [] },
      { id: '2', mine: false, name: 'Portal assistant', title: undefined, text: 'Hello', links: [] },
    ]);
  });

  it('links only to screens of this portal', () => {
    const view = chatView(
      [
        {
          type: 'message',
          from: bot,
          text: 'Change it on the password page.',
          attachments: [
            {
              contentType: 'application/vnd.microsoft.card.hero',
              content: {
                title: 'Change your password',
                buttons: [
                  { type: 'openUrl', title: 'Open', value: '#/change-password' },
                  { type: 'openUrl', title: 'Elsewhere', value: 'https://evil.example/' },
                  { type: 'openUrl', title: 'Host', value: '#//evil.example' },
                  { type: 'openUrl', title: 'Script', value: 'javascript:alert(1)' },
                ],
              },
            },
          ],
        },
      ],
      mine,
    );
    expect(view.messages[0]).toMatchObject({ title: 'Change your password', links: [{ title: 'Open', path: '/change-password' }] });
  });

  it('offers the bot’s suggested replies until the user writes, and follows the state events', () => {
    const asked: ChatActivity[] = [
      { type: 'message', from: bot, text: 'I found nothing.', suggestedActions: { actions: [{ type: 'imBack', title: 'Talk to a person', value: 'Talk to a person' }] } },
    ];
    expect(chatView(asked, mine).suggestions).toEqual(['Talk to a person']);
    const waiting = [...asked, { type: 'message', from: user, text: 'Talk to a person' }, { type: 'event', from: bot, name: 'portal.conversationState', value: 'waiting' }] as ChatActivity[];
    expect(chatView(waiting, mine)).toMatchObject({ suggestions: [], state: 'waiting' });
    expect(chatView([...waiting, { type: 'event', from: bot, name: 'portal.conversationState', value: 'live' }], mine).state).toBe('live');
    expect(chatView([{ type: 'event', from: bot, name: 'portal.conversationState', value: 'hacked' }], mine).state).toBe('bot');
  });
});
