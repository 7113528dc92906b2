import { describe, expect, it, vi } from 'vitest';
import type { ChatActivity } from '../../contract/chat';
import { DirectLineClient, DirectLineFailure, type DirectLineStatus, type StreamSocket } from './direct-line-client';

const activity = (id: string, text: string): ChatActivity => ({ type: 'message', id, from: { id: 'portal-help-bot', role: 'bot' }, text });

function harness(answers: Record<string, { status: number; body: unknown }[]>) {
  const calls: { method: string; url: string; body?: unknown; authorization: string }[] = [];
  const sockets: (StreamSocket & { url: string; closed: boolean })[] = [];
  const timers: (() => void)[] = [];
  const received: ChatActivity[] = [];
  const statuses: DirectLineStatus[] = [];
  const fetchFake = vi.fn(async (url: string, init: RequestInit) => {
    const key = `${init.method} ${url.replace('https://portal.example/v3/directline', '')}`;
    calls.push({ method: init.method!, url, body: init.body ? JSON.parse(init.body as string) : undefined, authorization: (init.headers as Record<string, string>).authorization });
    const answer = answers[key]?.shift() ?? { status: 500, body: { error: { code: 'x', message: `no answer for ${key}` } } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  const client = new DirectLineClient({
    domain: 'https://portal.example/v3/directline',
    token: 'token-1',
    onActivity: (received_) => received.push(received_),
    onStatus: (status) => statuses.push(status),
    fetch: fetchFake as unknown as typeof fetch,
    openSocket: (url) => {
      const socket = { url, closed: false, onmessage: null, onclose: null, close: () => (socket.closed = true) } as StreamSocket & { url: string; closed: boolean };
      sockets.push(socket);
      return socket;
    },
    setTimeout: (run) => timers.push(run),
    clearTimeout: () => undefined,
  });
  const deliver = (index: number, activities: ChatActivity[], watermark: string) => sockets[index].onmessage?.({ data: JSON.stringify({ activities, watermark }) });
  return { client, calls, sockets, timers, received, statuses, deliver };
}

const started = { status: 201, body: { conversationId: 'conv', token: 'token-1', expires_in: 3600, streamUrl: 'wss://portal.example/v3/directline/conversations/conv/stream?t=s1' } };

describe('the Direct Line client', () => {
  it('starts the conversation with its token and hands on each streamed activity once', async () => {
    const h = harness({ 'POST /conversations': [started] });
    await expect(h.client.start()).resolves.toBe('conv');
    expect(h.calls[0]).toMatchObject({ method: 'POST', authorization: 'Bearer token-1' });
    expect(h.sockets[0].url).toBe('wss://portal.example/v3/directline/conversations/conv/stream?t=s1');
    h.deliver(0, [activity('conv|1', 'Hello')], '1');
    h.deliver(0, [activity('conv|1', 'Hello'), activity('conv|2', 'Again')], '2');
    expect(h.received.map((a) => a.text)).toEqual(['Hello', 'Again']);
    expect(h.statuses).toEqual(['connecting', 'online', 'online']);
  });

  it('reconnects after a lost stream from the last watermark, with a fresh stream address', async () => {
    const h = harness({
      'POST /conversations': [started],
      'GET /conversations/conv?watermark=2': [{ status: 200, body: { ...started.body, streamUrl: 'wss://portal.example/v3/directline/conversations/conv/stream?t=s2' } }],
    });
    await h.client.start();
    h.deliver(0, [activity('conv|1', 'a'), activity('conv|2', 'b')], '2');
    h.sockets[0].onclose?.();
    expect(h.statuses.at(-1)).toBe('reconnecting');
    // The last timer is the reconnect's (the first renews the token).
    h.timers.pop()!();
    await vi.waitFor(() => expect(h.sockets).toHaveLength(2));
    expect(h.sockets[1].url).toBe('wss://portal.example/v3/directline/conversations/conv/stream?t=s2&watermark=2');
    h.deliver(1, [activity('conv|2', 'b'), activity('conv|3', 'c')], '3');
    expect(h.received.map((a) => a.text)).toEqual(['a', 'b', 'c']);
  });

  it('gives up reconnecting when the service refuses the token', async () => {
    const h = harness({ 'POST /conversations': [started], 'GET /conversations/conv': [{ status: 403, body: { error: { code: 'TokenExpired', message: 'expired' } } }] });
    await h.client.start();
    h.sockets[0].onclose?.();
    h.timers.pop()!();
    await vi.waitFor(() => expect(h.statuses.at(-1)).toBe('failed'));
  });

  it('posts the text and the language, and passes on a refusal with its sentence', async () => {
    const h = harness({
      'POST /conversations': [started],
      'POST /conversations/conv/activities': [{ status: 200, body: { id: 'conv|4' } }, { status: 413, body: { error: { code: 'MessageSizeTooBig', message: 'A chat message may have at most 4096 bytes.' } } }],
    });
    await h.client.start();
    await expect(h.client.send('Wo ändere ich mein Passwort?', 'de')).resolves.toBe('conv|4');
    expect(h.calls.at(-1)?.body).toEqual({ type: 'message', from: { id: 'user', role: 'user' }, text: 'Wo ändere ich mein Passwort?', textFormat: 'plain', locale: 'de' });
    await expect(h.client.send('x', 'de')).rejects.toEqual(new DirectLineFailure(413, 'A chat message may have at most 4096 bytes.'));
  });

  it('renews its token every 15 minutes and uses the new one', async () => {
    const onToken = vi.fn();
    const h = harness({ 'POST /conversations': [started], 'POST /tokens/refresh': [{ status: 200, body: { conversationId: 'conv', token: 'token-2', expires_in: 3600 } }], 'POST /conversations/conv/activities': [{ status: 200, body: { id: 'conv|2' } }] });
    (h.client as unknown as { options: { onToken: typeof onToken } }).options.onToken = onToken;
    await h.client.start();
    h.timers.shift()!();
    await vi.waitFor(() => expect(onToken).toHaveBeenCalledWith('token-2'));
    await h.client.send('hi', 'en');
    expect(h.calls.at(-1)?.authorization).toBe('Bearer token-2');
  });

  it('stops listening when stopped', async () => {
    const h = harness({ 'POST /conversations': [started] });
    await h.client.start();
    h.client.stop();
    expect(h.sockets[0].closed).toBe(true);
    expect(h.timers).toHaveLength(1);
  });
});
