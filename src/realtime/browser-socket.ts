import type { SocketLike } from './live-connection';

/** The browser's WebSocket behind the small interface LiveConnection uses. */
export function openBrowserSocket(url: string, protocol: string): SocketLike {
  const ws = new WebSocket(url, protocol);
  const socket: SocketLike = {
    send: (data) => ws.send(data),
    close: (code, reason) => ws.close(code, reason),
    onopen: null,
    onmessage: null,
    onclose: null,
  };
  ws.onopen = (event) => socket.onopen?.(event);
  ws.onmessage = (event: MessageEvent) => socket.onmessage?.({ data: event.data });
  ws.onclose = (event: CloseEvent) => socket.onclose?.({ code: event.code, reason: event.reason });
  return socket;
}
