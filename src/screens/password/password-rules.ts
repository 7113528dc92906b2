/**
 * The password rules as the server names them (server/auth/password-rules.ts).
 * The server decides; the client only lists them and shows which failed.
 */
export const PASSWORD_RULES = ['minLength', 'maxLength', 'lowercase', 'uppercase', 'digit', 'special', 'notCommon', 'noPersonalInfo', 'notRecent'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** Checked only when the password is saved (answering it live would be a guessing oracle). */
export const RULES_CHECKED_ON_SAVE: readonly PasswordRule[] = ['notRecent'];

export const PASSWORD_LIMITS = { min: 12, max: 128, count: 10 } as const;
