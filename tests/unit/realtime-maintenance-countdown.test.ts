import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { MaintenanceCountdown, type MaintenanceNotice } from '../../src/realtime/maintenance-countdown';
import { FakeClock } from './realtime-fake-clock';

let clock: FakeClock;
let shown: { at: number; notice: MaintenanceNotice | null }[];
let reload: Mock<() => void>;
let countdown: MaintenanceCountdown;
let start: number;

beforeEach(() => {
  clock = new FakeClock();
  start = clock.now();
  shown = [];
  reload = vi.fn();
  countdown = new MaintenanceCountdown({ clock, show: (notice) => shown.push({ at: clock.now() - start, notice }), reload });
});

/** The notices shown, as short labels with the time (s since start) they appeared. */
const labels = () =>
  shown.map(({ at, notice }) => {
    const when = `${at / 1000}s`;
    if (!notice) return `${when} removed`;
    if (notice.kind === 'minutes') return `${when} ${notice.minutes} min`;
    if (notice.kind === 'seconds') return `${when} ${notice.seconds} s${notice.closable ? '' : ' (fixed)'}`;
    return `${when} ${notice.kind}${notice.closable ? '' : ' (fixed)'}`;
  });

describe('MaintenanceCountdown', () => {
  it('shows a closable "soon" notice for true and removes it for off/false', () => {
    countdown.apply(true);
    countdown.apply('off');
    countdown.apply(true);
    countdown.apply(false);
    expect(labels()).toEqual(['0s soon', '0s removed', '0s soon', '0s removed']);
    expect(clock.pendingTimers).toBe(0);
  });

  it('counts minutes on minute boundaries over 60 s, then seconds every 500 ms (fixed), then ongoing and a reload 60 s after it began', () => {
    countdown.apply(185);
    // Minutes: 4 (185 s left), 3 at 180 s left, 2 at 120 s left: each change exactly on a boundary.
    clock.advance(124_999);
    expect(labels()).toEqual(['0s 4 min', '5s 3 min', '65s 2 min']);
    expect(shown.every(({ notice }) => notice?.closable)).toBe(true);

    // At 60 s left: seconds, refreshed every 500 ms, not closable.
    shown = [];
    clock.advance(1001);
    expect(labels()).toEqual(['125s 60 s (fixed)', '125.5s 60 s (fixed)', '126s 59 s (fixed)']);

    shown = [];
    clock.advance(58_999);
    expect(shown.at(-1)?.notice).toEqual({ kind: 'seconds', seconds: 1, closable: false });
    // Two refreshes a second, every one of them fixed.
    expect(shown).toHaveLength(117);
    expect(shown.every(({ notice }) => notice?.kind === 'seconds' && !notice.closable)).toBe(true);

    // It begins: ongoing, fixed; the page reloads 60 s later.
    shown = [];
    clock.advance(1);
    expect(labels()).toEqual(['185s ongoing (fixed)']);
    clock.advance(59_999);
    expect(reload).not.toHaveBeenCalled();
    clock.advance(1);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('joins a maintenance that already began: ongoing at once, reload 60 s later, not postponed by repeats', () => {
    countdown.apply(0);
    expect(labels()).toEqual(['0s ongoing (fixed)']);
    clock.advance(30_000);
    countdown.apply(0);
    clock.advance(30_000);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('a new schedule replaces the countdown, and off cancels the reload', () => {
    countdown.apply(30);
    clock.advance(10_000);
    countdown.apply(600);
    expect(shown.at(-1)?.notice).toEqual({ kind: 'minutes', minutes: 10, closable: true });
    countdown.apply(5);
    clock.advance(6000);
    expect(shown.at(-1)?.notice?.kind).toBe('ongoing');
    countdown.apply('off');
    expect(shown.at(-1)?.notice).toBeNull();
    clock.advance(120_000);
    expect(reload).not.toHaveBeenCalled();
    expect(clock.pendingTimers).toBe(0);
  });

  it('dispose removes the notice and stops every timer', () => {
    countdown.apply(45);
    countdown.dispose();
    expect(shown.at(-1)?.notice).toBeNull();
    expect(clock.pendingTimers).toBe(0);
  });
});
