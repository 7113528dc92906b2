/**
 * What the generated forms need from the server, bound to one account (or the
 * parent of one being created): enum options and remote checks. Background
 * calls: their failures show in the field, not as pop-ups. The MFA step of
 * protected fields is the session's (src/session/mfa-services.ts).
 */
import type { FormServices } from '../../../engine/forms';
import { accountFormServices as formServicesOf, type FormTarget } from '../../../renderers/forms';
import { callByName } from '../../api';

export { mfaServices } from '../../session/mfa-services';

/** The form's options and remote checks (renderers/forms/account-form-services) through the app's service client. */
export const accountFormServices = (target: FormTarget): FormServices => formServicesOf(callByName, target);
