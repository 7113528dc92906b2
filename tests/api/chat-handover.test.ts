/**
 * Handing a chat over to a person (issue 38): the user asks, the conversation waits in the support queue
 * of those who reach the user, a support person takes it and answers live, then hands back to the bot.
 * Both sides hear each other at once, on every instance of one PostgreSQL database.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SessionUser } from '../../contract';
import type { ChatActivity } from '../../contract/chat';
import type { ChatConversation } from '../../contract/services/chat-support';
import { startServer, type RunningServer } from '../../server/server';
import { ApiClient } from '../support/api-client';
import { DirectLineStream, activities, say, startConversation } from '../support/direct-line';
import { TestSocket } from '../support/realtime-client';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const onPostgres = Boolean(inject('pgBaseUrl'));
const chatState = (value: string) => (activity: ChatActivity) => activity.type === 'event' && activity.name === 'portal.conversationState' && activity.value === value;
const textFrom = (role: 'user' | 'bot', text: string | RegExp) => (activity: ChatActivity) =>
  activity.type === 'message' && activity.from.role === role && (typeof text === 'string' ? activity.text === text : text.test(activity.text ?? ''));
const queueChanged = (socket: TestSocket) => socket.next('servermessage', 15_000, (frame) => (frame.data as { Event?: string }).Event === 'ChatQueueChanged');

async function chatOf(baseUrl: string, api: ApiClient) {
  const token = (await api.call<{ Token: string }>('ChatBot', 'GetToken')).body.Token;
  const started = (await startConversation(baseUrl, token)).body;
  const stream = await DirectLineStream.open(started.streamUrl!);
  return { token, id: started.conversationId, stream };
}

async function supportOf(baseUrl: string, api: ApiClient) {
  const me = (await api.call<SessionUser>('Authorization', 'GetCurrentUser')).body;
  return { api, me, socket: await TestSocket.signedIn(baseUrl, api, me) };
}

async function auditRows(conversationId: string) {
  return server.server.db.query<{ action: string; actor_user_id: number; account_id: number; details: Record<string, unknown> }>(
    `SELECT action, actor_user_id, account_id, details FROM audit_log WHERE details ->> 'conversationId' = $1 ORDER BY id`,
    [conversationId],
  );
}

describe('handing over to a person', () => {
  it('queues the conversation, lets a support person answer live, and hands back to the bot', async () => {
    const userApi = await server.signedIn('reseller.admin');
    const user = await chatOf(server.url, userApi);
    const support = await supportOf(server.url, await server.signedIn('root.admin'));

    const vendorApi = await server.signedIn('vendor.admin');
    const outsider = await supportOf(server.url, vendorApi);
    const queued = queueChanged(support.socket);
    await say(server.url, user.token, user.id, 'talk to a person');
    await user.stream.next(textFrom('bot', /asked our support for a person/));
    await user.stream.next(chatState('waiting'));
    await queued;
    // Only those who reach the user hear of the queue: the hub sent the event to every socket before this ping's pong.
    await outsider.socket.roundTrip();
    expect(outsider.socket.received('servermessage')).toEqual([]);
    outsider.socket.close();

    const list = await support.api.call<ChatConversation[]>('ChatSupport', 'ListChatConversations');
    expect(list.body.find((row) => row.ConversationId === user.id)).toMatchObject({ State: 'waiting', UserName: 'Sanne de Vries', OrganisationName: 'Northwind Cloud', Language: 'en', LastMessage: 'talk to a person', AgentName: null });
    expect((await userApi.call('ChatSupport', 'ListChatConversations')).status).toBe(403);

    const joined = await support.api.call<{ Token: string }>('ChatSupport', 'JoinChatConversation', { conversationId: user.id });
    expect(joined.status, joined.text).toBe(200);
    await user.stream.next(textFrom('bot', 'Morgan Blake from support has joined the conversation.'));
    await user.stream.next(chatState('live'));
    const agentConversation = await startConversation(server.url, joined.body.Token);
    expect(agentConversation.status).toBe(200);
    const agent = await DirectLineStream.open(agentConversation.body.streamUrl!);
    // The person sees what was said before joining.
    await agent.next(textFrom('user', 'talk to a person'));

    await say(server.url, joined.body.Token, user.id, 'Hello, how can I help?');
    const answer = await user.stream.next(textFrom('bot', 'Hello, how can I help?'));
    expect(answer.from).toEqual({ id: `agent:${support.me.UserAccountId}`, name: 'Morgan Blake', role: 'bot' });
    await say(server.url, user.token, user.id, 'Where do I change my password?');
    await agent.next(textFrom('user', 'Where do I change my password?'));
    await say(server.url, joined.body.Token, user.id, 'On the password page.');
    await user.stream.next(textFrom('bot', 'On the password page.'));
    // While a person answers, the bot says nothing: the user's question is followed by the person's answer.
    const transcript = (await activities(server.url, user.token, user.id)).body.activities.map((activity) => activity.text ?? activity.value);
    expect(transcript.slice(-2)).toEqual(['Where do I change my password?', 'On the password page.']);

    const ended = await support.api.call('ChatSupport', 'EndChatConversation', { conversationId: user.id });
    expect(ended.status, ended.text).toBe(200);
    await user.stream.next(textFrom('bot', 'Morgan Blake has ended the conversation. I am here again if you have more questions.'));
    await user.stream.next(chatState('bot'));
    expect(await agent.closed).toBe(1000);
    expect((await say(server.url, joined.body.Token, user.id, 'one more thing')).status).toBe(403);
    await say(server.url, user.token, user.id, 'Where do I change my password?');
    const link = await user.stream.next((activity) => activity.attachments?.[0]?.content.buttons?.[0]?.value === '#/change-password');
    expect(link.from.id).toBe('portal-help-bot');

    const userId = (await userApi.call<SessionUser>('Authorization', 'GetCurrentUser')).body.UserAccountId;
    expect(await auditRows(user.id)).toEqual([
      { action: 'ChatHandoverRequested', actor_user_id: userId, account_id: userId, details: { conversationId: user.id } },
      { action: 'ChatHandoverAccepted', actor_user_id: support.me.UserAccountId, account_id: userId, details: { conversationId: user.id, userName: 'Sanne de Vries' } },
      { action: 'ChatHandoverEnded', actor_user_id: support.me.UserAccountId, account_id: userId, details: { conversationId: user.id, userName: 'Sanne de Vries' } },
    ]);
    user.stream.close();
    support.socket.close();
  });

  it('refuses a conversation nobody waits in, one’s own, and an unknown one', async () => {
    const root = await server.signedIn('root.admin');
    const user = await chatOf(server.url, await server.signedIn('reseller.admin'));
    const notWaiting = await root.call('ChatSupport', 'JoinChatConversation', { conversationId: user.id });
    expect(notWaiting.status).toBe(409);
    expect(notWaiting.message).toBe('Nobody waits for a person in this conversation any more.');

    const own = await chatOf(server.url, root);
    await say(server.url, own.token, own.id, 'talk to a person');
    const ownJoin = await root.call('ChatSupport', 'JoinChatConversation', { conversationId: own.id });
    expect(ownJoin.status).toBe(409);
    expect(ownJoin.message).toBe('You cannot answer your own conversation.');
    expect((await root.call<ChatConversation[]>('ChatSupport', 'ListChatConversations')).body.map((row) => row.ConversationId)).not.toContain(own.id);

    const unknown = await root.call('ChatSupport', 'JoinChatConversation', { conversationId: 'ZZZZZZZZZZZZZZZZZZZZZZ' });
    expect(unknown.status).toBe(404);
    expect((await root.call('ChatSupport', 'EndChatConversation', { conversationId: user.id })).status).toBe(409);
    user.stream.close();
    own.stream.close();
  });
});

describe.runIf(onPostgres)('two instances on one PostgreSQL', () => {
  let second: RunningServer;
  beforeAll(async () => {
    second = await startServer({ ...server.server.config, port: 0, seedDemo: false });
  });
  afterAll(() => second?.close());

  it('deliver both sides live: the user on one instance, the support person on the other', async () => {
    const user = await chatOf(server.url, await server.signedIn('reseller.admin'));
    const rootOnSecond = await new ApiClient(second.url).open();
    expect((await rootOnSecond.signIn('root.admin', DEMO_PASSWORD)).status).toBe(200);
    const support = await supportOf(second.url, rootOnSecond);

    const queued = queueChanged(support.socket);
    await say(server.url, user.token, user.id, 'talk to a person');
    await queued;
    const joined = await rootOnSecond.call<{ Token: string }>('ChatSupport', 'JoinChatConversation', { conversationId: user.id });
    expect(joined.status, joined.text).toBe(200);
    await user.stream.next(chatState('live'));
    const agent = await DirectLineStream.open((await startConversation(second.url, joined.body.Token)).body.streamUrl!);

    await say(second.url, joined.body.Token, user.id, 'Answered from the second instance');
    await user.stream.next(textFrom('bot', 'Answered from the second instance'));
    await say(server.url, user.token, user.id, 'Asked on the first instance');
    await agent.next(textFrom('user', 'Asked on the first instance'));
    agent.close();
    user.stream.close();
    support.socket.close();
  });
});
