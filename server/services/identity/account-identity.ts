/** The Account service's identity handlers in one object for the registry: MFA methods and policies, passkeys, sessions. */
import { mfaHandlers as mfaMethodAndPolicyHandlers } from './mfa';
import { mfaOverviewHandlers } from './mfa-overview';
import { passkeyAccountHandlers } from './passkeys';
import { sessionHandlers } from './sessions';

export const mfaHandlers = { ...mfaMethodAndPolicyHandlers, ...passkeyAccountHandlers, ...sessionHandlers, ...mfaOverviewHandlers };
