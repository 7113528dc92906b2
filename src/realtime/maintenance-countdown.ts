/**
 * The maintenance notices over time (spec §4, §9), without React: `true`
 * means soon; a number of seconds counts down — a minutes notice over 60 s,
 * updated on minute boundaries, then a seconds notice refreshed every 500 ms
 * that cannot be closed, then an ongoing notice and a reload 60 s after
 * maintenance began; false/'off' removes everything.
 */
import type { MaintenanceData } from '../../contract/realtime';
import type { Clock, TimerHandle } from './clock';

export const SECONDS_NOTICE_REFRESH_MS = 500;
export const RELOAD_AFTER_BEGIN_MS = 60_000;
/** At or under this many seconds the countdown shows seconds and cannot be closed. */
export const SECONDS_NOTICE_FROM_S = 60;

export type MaintenanceNotice =
  | { kind: 'soon'; closable: true }
  | { kind: 'minutes'; minutes: number; closable: true }
  | { kind: 'seconds'; seconds: number; closable: false }
  | { kind: 'ongoing'; closable: false };

export interface MaintenanceCountdownOptions {
  clock: Clock;
  /** Shows (replacing) the notice, or removes it when null. */
  show(notice: MaintenanceNotice | null): void;
  reload(): void;
}

export class MaintenanceCountdown {
  private timer: TimerHandle | undefined;
  private reloadTimer: TimerHandle | undefined;
  private startsAt: number | undefined;

  constructor(private readonly options: MaintenanceCountdownOptions) {}

  apply(data: MaintenanceData): void {
    const { clock, show } = this.options;
    if (typeof data === 'number') {
      // A repeated announcement of a maintenance that already began must not push the reload back.
      if (data <= 0 && this.startsAt !== undefined && this.startsAt <= clock.now()) return;
      this.cancel();
      this.startsAt = clock.now() + Math.max(0, data) * 1000;
      this.tick();
      return;
    }
    this.cancel();
    this.startsAt = undefined;
    show(data === true ? { kind: 'soon', closable: true } : null);
  }

  /** Stops every timer and removes the notice (sign-out, unmount). */
  dispose(): void {
    this.cancel();
    this.startsAt = undefined;
    this.options.show(null);
  }

  private cancel(): void {
    this.options.clock.clearTimeout(this.timer);
    this.options.clock.clearTimeout(this.reloadTimer);
    this.timer = undefined;
    this.reloadTimer = undefined;
  }

  private tick(): void {
    const { clock, show } = this.options;
    if (this.startsAt === undefined) return;
    const remaining = this.startsAt - clock.now();
    if (remaining <= 0) {
      show({ kind: 'ongoing', closable: false });
      this.reloadTimer = clock.setTimeout(() => this.options.reload(), Math.max(0, this.startsAt + RELOAD_AFTER_BEGIN_MS - clock.now()));
      return;
    }
    if (remaining <= SECONDS_NOTICE_FROM_S * 1000) {
      show({ kind: 'seconds', seconds: Math.ceil(remaining / 1000), closable: false });
      this.timer = clock.setTimeout(() => this.tick(), Math.min(SECONDS_NOTICE_REFRESH_MS, remaining));
      return;
    }
    const minutes = Math.ceil(remaining / 60_000);
    show({ kind: 'minutes', minutes, closable: true });
    // The shown minutes change when the remaining time crosses the next whole minute (at 60 s the seconds notice takes over).
    this.timer = clock.setTimeout(() => this.tick(), remaining - (minutes - 1) * 60_000);
  }
}
