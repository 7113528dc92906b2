/**
 * Buttons a screen definition may ask the app to draw for its record (a panes head's `hostActions`): what the
 * engine cannot know — the actions the signed-in user may take on an account (invoice, move, upgrade,
 * terminate) — is drawn by the app (src/shell/host-actions.tsx), named here so definitions are checked.
 */
export const HOST_ACTIONS = ['accountLifecycle'] as const;
export type HostActionsName = (typeof HOST_ACTIONS)[number];
