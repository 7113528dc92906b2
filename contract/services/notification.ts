import { Type } from '@sinclair/typebox';
import { AccountId, method, needs } from '../define';

/** Spec §9 commitment options. */
export const CommitmentPeriod = Type.Union([
  Type.Literal('1-month'),
  Type.Literal('annual'),
  Type.Literal('3-year'),
  Type.Literal('other'),
]);

/** Spec §5: notifications need at least one commitment period. */
export const NotificationPreferencesSchema = Type.Object(
  {
    IsEnabled: Type.Boolean(),
    CommitmentPeriods: Type.Array(CommitmentPeriod, { minItems: 1, uniqueItems: true }),
  },
  { additionalProperties: false },
);

export const Notification = {
  GetUserNotificationPreferences: method({
    summary: 'The renewal notification preferences of a user (disabled, 1-month, until first saved).',
    params: { userAccountId: AccountId('User account') },
    result: NotificationPreferencesSchema,
    access: needs('NOTIFICATIONS', 'Read', 'userAccountId'),
  }),
  UpdateUserNotificationPreferences: method({
    summary:
      "Save the renewal notification preferences of a user (at least one commitment period, spec §5): one's own with NOTIFICATIONS Read, another user's with NOTIFICATIONS Execute (checked by the handler).",
    params: { userAccountId: AccountId('User account'), preferences: NotificationPreferencesSchema },
    result: NotificationPreferencesSchema,
    access: needs('NOTIFICATIONS', 'Read', 'userAccountId'),
  }),
};
