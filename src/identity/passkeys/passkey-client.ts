/**
 * Passkeys in the browser (issue 23). @simplewebauthn/browser is loaded only when a
 * passkey is used, so the sign-in page's first load does not carry it.
 */
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { callService } from '../../api';
import { translate } from '../../i18n/active-texts';
import { finishSignIn, type SignInOutcome, type UserCache } from '../../session/sign-in';

const browserLibrary = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all (no library needed to tell). */
export const passkeysSupported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** The browser's own refusals (the user cancelled, no passkey, timed out) in the user's language. */
function browserFailure(error: unknown): Error {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return new Error(translate('login.passkey.cancelled'));
  if (name === 'InvalidStateError') return new Error(translate('login.passkey.alreadyOnDevice'));
  return error instanceof Error && error.message ? error : new Error(translate('errors.unknown'));
}

/** Sign-in with a passkey: alone on the sign-in page, or as the second step after the password. */
export async function signInWithPasskey(queryClient: UserCache): Promise<SignInOutcome> {
  const [{ startAuthentication }, options] = await Promise.all([
    browserLibrary(),
    callService('Authorization', 'StartPasskeySignIn', {}, { suppressErrors: true }),
  ]);
  let credential;
  try {
    credential = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  } catch (error) {
    throw browserFailure(error);
  }
  const user = await callService('Authorization', 'FinishPasskeySignIn', { credential: credential as never }, { suppressErrors: true });
  return finishSignIn(queryClient, user);
}

/** Adds a passkey of the signed-in user under the given name. */
export async function addPasskey(name: string) {
  const [{ startRegistration }, options] = await Promise.all([
    browserLibrary(),
    callService('Account', 'StartPasskeyRegistration', {}, { suppressErrors: true }),
  ]);
  let credential;
  try {
    credential = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  } catch (error) {
    throw browserFailure(error);
  }
  return callService('Account', 'FinishPasskeyRegistration', { credential: credential as never, name: name.trim() || null }, { suppressErrors: true });
}
