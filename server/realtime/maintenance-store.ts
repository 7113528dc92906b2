import type { MaintenanceData } from '../../contract/realtime';
import type { Queryable } from '../db/db';
import type { MaintenanceSchedule } from './broadcaster';

const SETTINGS_KEY = 'realtime.maintenance';

/** The stored schedule (the `settings` table, shared by every instance); off when none or unreadable. */
export async function loadMaintenanceSchedule(db: Queryable): Promise<MaintenanceSchedule> {
  const row = await db.one<{ value: string }>('SELECT value FROM settings WHERE key = $1', [SETTINGS_KEY]);
  if (!row) return { mode: 'off' };
  try {
    const stored = JSON.parse(row.value) as Partial<{ mode: string; startsAt: number }>;
    if (stored.mode === 'soon') return { mode: 'soon' };
    if (stored.mode === 'scheduled' && typeof stored.startsAt === 'number') return { mode: 'scheduled', startsAt: stored.startsAt };
  } catch {
    // A broken value means no maintenance: never lock users out because of it.
  }
  return { mode: 'off' };
}

export async function saveMaintenanceSchedule(db: Queryable, schedule: MaintenanceSchedule): Promise<void> {
  await db.query(
    `INSERT INTO settings (key, value) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [SETTINGS_KEY, JSON.stringify(schedule)],
  );
}

/** Whole seconds until maintenance begins, 0 once it has begun. */
export const secondsUntil = (startsAt: number, now: number) => Math.max(0, Math.ceil((startsAt - now) / 1000));

/** What the `maintenance` frame carries for a schedule at a moment. */
export function maintenanceData(schedule: MaintenanceSchedule, now: number): MaintenanceData {
  switch (schedule.mode) {
    case 'off':
      return false;
    case 'soon':
      return true;
    case 'scheduled':
      return secondsUntil(schedule.startsAt, now);
  }
}
