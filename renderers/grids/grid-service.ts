/**
 * What a defined grid needs from the app: a service caller that does not show
 * errors itself (the grid reports them through `onError`), and callbacks for
 * messages. src/screens wires them to callService and showError/showSuccess.
 */
export type GridServiceCaller = (
  service: string,
  method: string,
  body: Record<string, unknown>,
  /** `ahead`: asked before the part that reads it is drawn; the host keeps the answer for that part (src/api shared reads). */
  options?: { signal?: AbortSignal; ahead?: boolean },
) => Promise<unknown>;

/** An aborted call is not an error to report. */
export const isCanceled = (error: unknown) =>
  typeof error === 'object' && error !== null && ((error as { kind?: unknown }).kind === 'canceled' || (error as { name?: unknown }).name === 'AbortError');

export const errorText = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);
