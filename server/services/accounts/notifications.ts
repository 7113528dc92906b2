/**
 * Renewal notification preferences of a user (spec §5: at least one
 * commitment period; §9: the commitment options). The access declarations
 * check NOTIFICATIONS Read and that the user is within the caller's reach;
 * here: that the account is a user, and Execute to change another user's.
 */
import type { Static } from '@sinclair/typebox';
import type { NotificationPreferencesSchema } from '../../../contract/services/notification';
import { hasCapability } from '../../auth/session-user';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import { requireCaller } from '../context';
import { defineHandlers } from '../define-handlers';

type Preferences = Static<typeof NotificationPreferencesSchema>;
type CommitmentPeriod = Preferences['CommitmentPeriods'][number];

/** Spec §9 order, so a saved list reads the same whatever order it was ticked in. */
const PERIOD_ORDER: readonly CommitmentPeriod[] = ['1-month', 'annual', '3-year', 'other'];

/** A user who never saved: no notifications, the shortest commitment ticked (a valid list, spec §5). */
export const DEFAULT_PREFERENCES: Preferences = { IsEnabled: false, CommitmentPeriods: ['1-month'] };

async function assertUser(db: Queryable, userAccountId: number): Promise<void> {
  const account = await db.one<{ account_type: string }>('SELECT account_type FROM accounts WHERE id = $1', [userAccountId]);
  if (account?.account_type !== 'User') throw fault(400, 'notifications.notAUser');
}

async function readPreferences(db: Queryable, userAccountId: number): Promise<Preferences> {
  const row = await db.one<{ is_enabled: boolean; commitment_periods: CommitmentPeriod[] }>(
    'SELECT is_enabled, commitment_periods FROM notification_preferences WHERE user_account_id = $1',
    [userAccountId],
  );
  return row ? { IsEnabled: row.is_enabled, CommitmentPeriods: row.commitment_periods } : { ...DEFAULT_PREFERENCES, CommitmentPeriods: [...DEFAULT_PREFERENCES.CommitmentPeriods] };
}

export const notificationHandlers = defineHandlers('Notification', {
  async GetUserNotificationPreferences(ctx, { userAccountId }) {
    await assertUser(ctx.db, userAccountId);
    return readPreferences(ctx.db, userAccountId);
  },

  async UpdateUserNotificationPreferences(ctx, { userAccountId, preferences }) {
    const caller = requireCaller(ctx);
    // Whoever sees notifications (Read, the declaration) sets their own; another user's need Execute.
    if (userAccountId !== caller.loaded.user.UserAccountId && !hasCapability(caller.loaded.user.Capability, 'NOTIFICATIONS', 'Execute')) {
      throw fault(403, 'forbidden');
    }
    await assertUser(ctx.db, userAccountId);
    // The schema already refuses an empty or repeated list; ordered here for storage.
    const periods = PERIOD_ORDER.filter((period) => preferences.CommitmentPeriods.includes(period));
    if (periods.length === 0) throw fault(400, 'notifications.periodRequired');
    await ctx.db.query(
      `INSERT INTO notification_preferences (user_account_id, is_enabled, commitment_periods, updated_at, updated_by)
       VALUES ($1, $2, $3::text[], now(), $4)
       ON CONFLICT (user_account_id) DO UPDATE SET
         is_enabled = EXCLUDED.is_enabled, commitment_periods = EXCLUDED.commitment_periods,
         updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
      [userAccountId, preferences.IsEnabled, periods, caller.loaded.user.UserAccountId],
    );
    await ctx.audit('NotificationPreferencesUpdated', userAccountId, { IsEnabled: preferences.IsEnabled, CommitmentPeriods: periods });
    return readPreferences(ctx.db, userAccountId);
  },
});
