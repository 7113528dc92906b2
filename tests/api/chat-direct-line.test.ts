/**
 * The chat assistant's Direct Line service (issue 38): tokens from ChatBot/GetToken open one conversation
 * of their user for an hour; the help bot answers; bad input is refused with Direct Line's JSON errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signChatToken, chatTokenKey } from '../../server/services/chat/chat-tokens';
import { deleteIdleConversations } from '../../server/services/chat/conversations';
import type { ChatActivity, DirectLineError } from '../../contract/chat';
import type { SessionUser } from '../../contract';
import { activities, directLine, DirectLineStream, say, startConversation } from '../support/direct-line';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function tokenOf(userName: string): Promise<string> {
  const api = await server.signedIn(userName);
  const answer = await api.call<{ Token: string }>('ChatBot', 'GetToken');
  expect(answer.status, answer.text).toBe(200);
  return answer.body.Token;
}

const idOf = async (userName: string) => (await server.server.db.one<{ account_id: number }>('SELECT account_id FROM users WHERE username = $1', [userName]))!.account_id;
const fromBot = (activity: ChatActivity) => activity.from.role === 'bot' && activity.type === 'message';

describe('a conversation', () => {
  it('starts with the help bot’s welcome and resumes with the same token', async () => {
    const token = await tokenOf('reseller.admin');
    const started = await startConversation(server.url, token);
    expect(started.status).toBe(201);
    expect(started.body.expires_in).toBeGreaterThan(3500);
    expect(started.body.streamUrl).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:\\d+/v3/directline/conversations/${started.body.conversationId}/stream\\?t=`));
    const first = await activities(server.url, token, started.body.conversationId);
    expect(first.body.activities).toHaveLength(1);
    expect(first.body.activities[0]).toMatchObject({ type: 'message', from: { role: 'bot', name: 'Portal assistant' }, text: expect.stringContaining('Hello Sanne de Vries') });

    const resumed = await startConversation(server.url, token);
    expect(resumed.status).toBe(200);
    expect(resumed.body.conversationId).toBe(started.body.conversationId);
    expect((await activities(server.url, token, started.body.conversationId)).body.activities).toHaveLength(1);
  });

  it('answers a German question with a link to the screen where the password is changed', async () => {
    const token = await tokenOf('reseller.admin');
    const { conversationId } = (await startConversation(server.url, token)).body;
    const sent = await say(server.url, token, conversationId, 'Wo ändere ich mein Passwort?', { locale: 'de-DE' });
    expect(sent.status).toBe(200);
    expect(sent.body.id).toBe(`${conversationId}|0000002`);
    const answer = (await activities(server.url, token, conversationId, '2')).body;
    expect(answer.watermark).toBe('3');
    expect(answer.activities).toEqual([
      expect.objectContaining({
        from: { id: 'portal-help-bot', name: 'Portal-Assistent', role: 'bot' },
        text: expect.stringContaining('Passwortseite'),
        attachments: [{ contentType: 'application/vnd.microsoft.card.hero', content: { title: 'Passwort ändern', buttons: [{ type: 'openUrl', title: '„Passwort ändern“ öffnen', value: '#/change-password' }] } }],
      }),
    ]);
  });

  it('streams what comes after the watermark, then every new activity', async () => {
    const token = await tokenOf('reseller.admin');
    const started = (await startConversation(server.url, token)).body;
    const stream = await DirectLineStream.open(started.streamUrl!);
    await stream.next(fromBot);
    await say(server.url, token, started.conversationId, 'How do I create a quote?');
    await stream.next((activity) => activity.from.role === 'user' && activity.text === 'How do I create a quote?');
    const reply = await stream.next((activity) => fromBot(activity) && activity.attachments !== undefined);
    expect(reply.attachments?.[0].content.buttons?.[0]).toEqual({ type: 'openUrl', title: 'Open “Create a quote”', value: '#/quotes/new' });
    stream.close();
  });

  it('renews a token for the same conversation', async () => {
    const token = await tokenOf('reseller.admin');
    const { conversationId } = (await startConversation(server.url, token)).body;
    const renewed = await directLine<{ token: string; conversationId: string }>(server.url, 'POST', '/tokens/refresh', token);
    expect(renewed.status).toBe(200);
    expect(renewed.body.conversationId).toBe(conversationId);
    expect(renewed.body.token).not.toBe(token);
    expect((await activities(server.url, renewed.body.token, conversationId)).status).toBe(200);
  });
});

describe('retention', () => {
  it('deletes a conversation an hour after its last activity; its token then finds it ended', async () => {
    const token = await tokenOf('reseller.admin');
    const { conversationId } = (await startConversation(server.url, token)).body;
    await say(server.url, token, conversationId, 'personal question');
    await server.server.db.query(`UPDATE chat_conversations SET last_activity_at = now() - interval '59 minutes' WHERE id = $1`, [conversationId]);
    expect(await deleteIdleConversations(server.server.db)).toBe(0);
    await server.server.db.query(`UPDATE chat_conversations SET last_activity_at = now() - interval '61 minutes' WHERE id = $1`, [conversationId]);
    expect(await deleteIdleConversations(server.server.db)).toBeGreaterThanOrEqual(1);
    expect(await server.server.db.query('SELECT 1 FROM chat_activities WHERE conversation_id = $1', [conversationId])).toEqual([]);
    const gone = await activities(server.url, token, conversationId);
    expect(gone.status).toBe(404);
    expect((gone.body as unknown as DirectLineError).error.message).toBe('This conversation has ended; start a new one.');
  });
});

describe('bad input', () => {
  it('refuses a message over 4 kB, and a body over 16 kB, storing nothing', async () => {
    const token = await tokenOf('reseller.admin');
    const { conversationId } = (await startConversation(server.url, token)).body;
    const tooLong = await say(server.url, token, conversationId, 'ü'.repeat(2500));
    expect(tooLong.status).toBe(413);
    expect(tooLong.body.error).toEqual({ code: 'MessageSizeTooBig', message: 'A chat message may have at most 4096 bytes (4 kB); this one has 5000.' });
    const huge = await say(server.url, token, conversationId, 'x', { padding: 'y'.repeat(20_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.error?.message).toBe('A chat message may have at most 4 kB of text.');
    expect((await activities(server.url, token, conversationId)).body.activities).toHaveLength(1);
  });

  it('keeps markup as plain text and takes nothing but the text from a client', async () => {
    const token = await tokenOf('reseller.admin');
    const { conversationId } = (await startConversation(server.url, token)).body;
    const markup = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const sent = await say(server.url, token, conversationId, markup, { textFormat: 'xml', from: { id: 'portal-help-bot', role: 'bot' }, channelData: { html: markup } });
    expect(sent.status).toBe(200);
    const answer = await activities(server.url, token, conversationId, '1');
    expect(answer.contentType).toMatch(/^application\/json/);
    expect(answer.body.activities[0]).toEqual({
      type: 'message',
      id: `${conversationId}|0000002`,
      timestamp: expect.any(String),
      conversation: { id: conversationId },
      from: { id: `user:${await idOf('reseller.admin')}`, name: 'Sanne de Vries', role: 'user' },
      text: markup,
      textFormat: 'plain',
      locale: 'en',
    });
    const withHtml = await say(server.url, token, conversationId, 'hi', { attachments: [{ contentType: 'text/html', content: markup }] });
    expect(withHtml.status).toBe(400);
    expect(withHtml.body.error?.message).toBe('Attachments cannot be sent in the chat; send text only.');
    const notJson = await directLine<DirectLineError>(server.url, 'POST', `/conversations/${conversationId}/activities`, token, '{"type":');
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.code).toBe('BadArgument');
  });

  it('refuses a token older than an hour, a forged one and none', async () => {
    const key = await chatTokenKey(server.server.db);
    const userId = await idOf('reseller.admin');
    const issuedAt = Math.floor(Date.now() / 1000) - 3601;
    const old = signChatToken(key, { kind: 'user', userId, conversationId: 'AAAAAAAAAAAAAAAAAAAAAA', issuedAt, expiresAt: issuedAt + 3600 });
    const expired = await startConversation(server.url, old);
    expect(expired.status).toBe(403);
    expect((expired.body as unknown as DirectLineError).error.code).toBe('TokenExpired');
    expect((expired.body as unknown as DirectLineError).error.message).toBe(`The chat token expired at ${new Date((issuedAt + 3600) * 1000).toISOString()}; tokens are valid for one hour. Get a new one with ChatBot/GetToken.`);

    const forged = signChatToken(Buffer.alloc(32), { kind: 'user', userId, conversationId: 'AAAAAAAAAAAAAAAAAAAAAA', issuedAt: issuedAt + 3601, expiresAt: issuedAt + 7201 });
    expect((await startConversation(server.url, forged)).status).toBe(403);
    const none = await directLine<DirectLineError>(server.url, 'POST', '/conversations', undefined);
    expect(none.status).toBe(401);
    expect(none.body.error.message).toBe('Send the chat token as “Authorization: Bearer <token>”.');
  });

  it("refuses another user's conversation", async () => {
    const ownToken = await tokenOf('reseller.admin');
    const own = (await startConversation(server.url, ownToken)).body;
    const otherToken = await tokenOf('root.admin');
    const other = (await startConversation(server.url, otherToken)).body;
    await say(server.url, otherToken, other.conversationId, 'my secret question');

    const read = await activities(server.url, ownToken, other.conversationId);
    expect(read.status).toBe(403);
    expect(JSON.stringify(read.body)).not.toContain('secret');
    expect((read.body as unknown as DirectLineError).error.message).toBe(`This token is not for conversation ${other.conversationId}.`);
    expect((await say(server.url, ownToken, other.conversationId, 'hello')).status).toBe(403);
    // A stream token of one conversation does not open another.
    const streamToken = new URL(own.streamUrl!).searchParams.get('t')!;
    await expect(DirectLineStream.open(`${server.url.replace('http', 'ws')}/v3/directline/conversations/${other.conversationId}/stream?t=${encodeURIComponent(streamToken)}`)).rejects.toThrow('403');
  });

  it('refuses users without chat bot Read, and everyone while impersonating', async () => {
    const companyAdmin = await server.signedIn('company.admin');
    const refused = await companyAdmin.call('ChatBot', 'GetToken');
    expect(refused.status).toBe(403);
    // A token signed for a user without the right (or who lost it) is refused too.
    const key = await chatTokenKey(server.server.db);
    const now = Math.floor(Date.now() / 1000);
    const signed = signChatToken(key, { kind: 'user', userId: await idOf('company.admin'), conversationId: 'BBBBBBBBBBBBBBBBBBBBBB', issuedAt: now, expiresAt: now + 3600 });
    const noRight = await startConversation(server.url, signed);
    expect(noRight.status).toBe(403);
    expect((noRight.body as unknown as DirectLineError).error.message).toBe('You may not use the chat assistant: it needs chat bot Read.');

    const root = await server.signedIn('root.admin');
    const impersonated = await root.call<SessionUser>('Authorization', 'Impersonate', { userAccountId: await idOf('reseller.admin') });
    expect(impersonated.status).toBe(200);
    const whileImpersonating = await root.call('ChatBot', 'GetToken');
    expect(whileImpersonating.status).toBe(403);
    expect(whileImpersonating.message).toBe('This is not possible while you are impersonating another user.');
  });
});
