/** The account the current screen shows, from its path: /account/{id}/… or /accounts/{id}. */
export function accountIdOnScreen(pathname: string): number | undefined {
  const match = /^\/accounts?\/([1-9]\d{0,15})(?:\/|$)/.exec(pathname);
  return match ? Number(match[1]) : undefined;
}
