import { REDIRECT_PARAM } from '../../router/guard';

/** Keeps ?redirect= on the way between the sign-in steps. */
export const withRedirect = (path: string, redirect: string | null) =>
  redirect ? `${path}?${new URLSearchParams({ [REDIRECT_PARAM]: redirect }).toString()}` : path;
