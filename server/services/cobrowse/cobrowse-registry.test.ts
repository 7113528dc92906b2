import { describe, expect, it } from 'vitest';
import { COBROWSE_CODE_TTL_MS, COBROWSE_LOCK_WINDOW_MS, COBROWSE_MAX_SESSION_MS } from '../../../contract/services/cobrowse';
import { CobrowseRegistry } from './cobrowse-registry';
import { partsOf } from './relayed-events';

const session = (id: string, codeHash: string, expiresAt: number) => ({ id, codeHash, userId: 7, userPath: '1/2/7', userName: 'Sanne', userSession: `s-${id}`, expiresAt });

describe('the co-browse registry', () => {
  it('forgets a code that expired unused, and tells a used code from an unknown one until it would have expired', () => {
    let now = 1_000_000;
    const registry = new CobrowseRegistry(() => now);
    registry.apply({ origin: 'a', op: 'started', session: session('one', 'h1', now + COBROWSE_CODE_TTL_MS) });
    registry.apply({ origin: 'a', op: 'started', session: session('two', 'h2', now + COBROWSE_CODE_TTL_MS) });
    expect(registry.lookup('h1').state).toBe('open');
    registry.apply({ origin: 'b', op: 'joined', id: 'two', agentId: 1, agentSession: 'agent' });
    expect(registry.lookup('h2').state).toBe('used');
    now += COBROWSE_CODE_TTL_MS;
    expect(registry.lookup('h1').state).toBe('unknown');
    expect(registry.get('one')).toBeUndefined();
    // A joined session stays until it is stopped; its code is unknown once past its time.
    expect(registry.lookup('h2').state).toBe('unknown');
    expect(registry.get('two')?.agentSession).toBe('agent');
    registry.apply({ origin: 'a', op: 'ended', id: 'two' });
    expect(registry.get('two')).toBeUndefined();
  });

  it('forgets a joined session left without Stop after its longest time', () => {
    let now = 1_000_000;
    const registry = new CobrowseRegistry(() => now);
    registry.apply({ origin: 'a', op: 'started', session: session('one', 'h1', now + COBROWSE_CODE_TTL_MS) });
    registry.apply({ origin: 'a', op: 'joined', id: 'one', agentId: 1, agentSession: 'agent' });
    now += COBROWSE_MAX_SESSION_MS - 1;
    registry.sweep();
    expect(registry.get('one')).toBeDefined();
    now += 1;
    registry.sweep();
    expect(registry.get('one')).toBeUndefined();
  });

  it('locks an agent after five wrong codes within the window, until the first of them leaves it', () => {
    let now = 5_000_000;
    const registry = new CobrowseRegistry(() => now);
    for (let index = 0; index < 4; index++) registry.apply({ origin: 'a', op: 'miss', agentId: 3, at: now + index });
    expect(registry.lockedUntil(3)).toBeUndefined();
    registry.apply({ origin: 'b', op: 'miss', agentId: 3, at: now + 4 });
    expect(registry.lockedUntil(3)).toBe(now + COBROWSE_LOCK_WINDOW_MS);
    expect(registry.lockedUntil(4)).toBeUndefined();
    now += COBROWSE_LOCK_WINDOW_MS;
    expect(registry.lockedUntil(3)).toBeUndefined();
  });
});

describe('cutting a batch into fan-out parts', () => {
  it('keeps every part within the bytes, whole characters only, and joins back to the text', () => {
    const text = JSON.stringify([{ text: 'Straße "Überweg" 東京 😀\n'.repeat(500) }]);
    const parts = partsOf(text, 600);
    expect(parts.length).toBeGreaterThan(10);
    for (const part of parts) {
      expect(Buffer.byteLength(JSON.stringify(part))).toBeLessThanOrEqual(600);
      expect(part).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
    }
    expect(parts.join('')).toBe(text);
  });
});
