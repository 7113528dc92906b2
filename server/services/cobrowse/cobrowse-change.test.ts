import { describe, expect, it } from 'vitest';
import { parseRealtimeEvent } from '../../realtime/broadcaster';

const started = { origin: 'i1', op: 'started', session: { id: 's1', codeHash: 'h', userId: 5, userPath: '1/2/5', userName: 'Sanne', userSession: 'x', expiresAt: 9 } };

describe('co-browse events between instances', () => {
  it('accepts the session changes and the frames to sessions, dropping what they do not carry', () => {
    expect(parseRealtimeEvent(JSON.stringify({ kind: 'cobrowse', change: { ...started, code: '123456' } }))).toEqual({ kind: 'cobrowse', change: started });
    expect(parseRealtimeEvent(JSON.stringify({ kind: 'cobrowse', change: { origin: 'i2', op: 'miss', agentId: 3, at: 7 } }))).toEqual({ kind: 'cobrowse', change: { origin: 'i2', op: 'miss', agentId: 3, at: 7 } });
    const frame = { Event: 'CobrowseEnded', SessionId: 's1', By: 'user' };
    expect(parseRealtimeEvent(JSON.stringify({ kind: 'direct', sessionHashes: ['x'], data: frame }))).toEqual({ kind: 'direct', sessionHashes: ['x'], data: frame });
  });

  it('refuses malformed ones', () => {
    for (const bad of [
      { kind: 'cobrowse', change: { op: 'ended', id: 's1' } },
      { kind: 'cobrowse', change: { origin: 'i1', op: 'joined', id: 's1', agentId: '3', agentSession: 'y' } },
      { kind: 'cobrowse', change: { ...started, session: { ...started.session, userId: null } } },
      { kind: 'cobrowse', change: { origin: 'i1', op: 'forget' } },
      { kind: 'direct', sessionHashes: 'x', data: { Event: 'CobrowseEnded' } },
      { kind: 'direct', sessionHashes: ['x'], data: 'CobrowseEnded' },
    ]) {
      expect(parseRealtimeEvent(JSON.stringify(bad)), JSON.stringify(bad)).toBeUndefined();
    }
  });
});
