/**
 * Security changes that would take the right to sign in from users are refused by the server
 * (409, the number in the x-login-loss-count header) until the caller repeats that number
 * (confirmLoginLoss, issue 20 item 4). This asks the user, naming the number, and sends again.
 */
import type { TFunction } from 'i18next';
import { isApiError, type CallOptions } from '../../../api';
import { showMessage } from '../../../messages/message-store';
import { confirm } from '../../../shell/confirm';

export const LOGIN_LOSS_HEADER = 'x-login-loss-count';

/** The number of users a refused change would sign out, when that is why it was refused. */
export function loginLossOf(error: unknown): number | undefined {
  if (!isApiError(error) || error.status !== 409) return undefined;
  const value = error.headers?.get(LOGIN_LOSS_HEADER);
  return value ? Number(value) : undefined;
}

/**
 * Sends the change; when users would lose sign-in, shows the server's text (it names the number)
 * in a confirm dialog whose button names it too, and sends the change again confirmed. Cancelling
 * rejects with the confirm dialog's ConfirmCancelledError (isConfirmCancelled); any other failure is
 * shown as the service client shows failures, and rejects.
 */
export async function withLoginLossConfirmation<T>(
  t: TFunction,
  send: (confirmLoginLoss: number | undefined, options: CallOptions) => Promise<T>,
): Promise<T> {
  try {
    return await send(undefined, { suppressErrors: true });
  } catch (error) {
    const count = loginLossOf(error);
    if (count === undefined) {
      if (isApiError(error) && error.kind !== 'canceled') showMessage({ type: 'error', text: error.message });
      throw error;
    }
    await confirm({
      title: t('admin.security.loginLossTitle'),
      text: (error as Error).message,
      confirmLabel: t('admin.security.loginLossConfirm', { count }),
      destructive: true,
    });
    return send(count, {});
  }
}
