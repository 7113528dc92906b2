/**
 * The persistent confirm dialog (spec §5, §9): `await confirm({...})` resolves
 * when the user confirms and rejects with ConfirmCancelledError when they
 * cancel or press Escape; clicking beside the dialog does nothing. Requests
 * wait in line, one dialog at a time. <ConfirmHost/> (in both layouts) shows them.
 */

/** Spec §9: the confirm dialog's default width. */
export const CONFIRM_DEFAULT_WIDTH = 400;

export interface ConfirmOptions {
  title: string;
  text: string;
  /** Dialog width in pixels (never wider than the screen). */
  width?: number;
  /** Default: the common OK text. */
  confirmLabel?: string;
  /** Default: the common Cancel text. */
  cancelLabel?: string;
  /** Marks the confirmation as destructive (red button). */
  destructive?: boolean;
}

export interface ConfirmRequest extends ConfirmOptions {
  id: number;
  resolve: () => void;
  reject: (error: ConfirmCancelledError) => void;
}

export class ConfirmCancelledError extends Error {
  constructor() {
    super('Confirmation cancelled');
    this.name = 'ConfirmCancelledError';
  }
}

export const isConfirmCancelled = (error: unknown): error is ConfirmCancelledError => error instanceof ConfirmCancelledError;

let queue: readonly ConfirmRequest[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const publish = (next: readonly ConfirmRequest[]) => {
  queue = next;
  listeners.forEach((listener) => listener());
};

export function confirm(options: ConfirmOptions): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    publish([...queue, { ...options, id: nextId++, resolve, reject }]);
  });
}

/** Settles the request shown now and shows the next one. */
export function settleConfirm(id: number, confirmed: boolean): void {
  const request = queue.find((entry) => entry.id === id);
  if (!request) return;
  publish(queue.filter((entry) => entry !== request));
  if (confirmed) request.resolve();
  else request.reject(new ConfirmCancelledError());
}

export const confirmStore = {
  getSnapshot: (): ConfirmRequest | undefined => queue[0],
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
