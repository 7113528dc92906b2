/**
 * Panels a screen definition may ask the app to draw by name (a stack part's `hostPanel`): editors the engine has no
 * generic part for yet are drawn by the app (src/shell/host-panels.tsx) with the part's context, named here so
 * definitions are checked. Each name is meant to leave this list once a generic part draws it.
 */
export const HOST_PANELS = ['userRoles', 'mfaPolicy', 'userMfa'] as const;
export type HostPanelName = (typeof HOST_PANELS)[number];
