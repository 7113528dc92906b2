/**
 * Methods a token never reaches, whatever it was given: it stands for a program, not a person
 * at a keyboard. Signing in and out, the caller's own password, MFA, passkeys and sessions,
 * impersonation, accepting terms, and making or revoking tokens need the person's session.
 * A rule by service and name, so methods added later (H5's session and passkey methods)
 * are refused without being listed.
 */
import type { MethodContract } from '../../../src/contract';

/** What a token may call in the services of identity: reading who it is, its own tokens. */
const ALLOWED_IN_IDENTITY = new Set(['Authorization/GetCurrentUser', 'Authorization/PingPong', 'Authorization/ListApiTokens', 'Authorization/ListServiceTokens']);
const IDENTITY_SERVICES = new Set(['Authorization', 'SelfCare']);
/** Methods of other services about the caller's own sign-in. */
const OWN_SIGN_IN = /TwoFactor|MfaStepUp|Passkey|Password|Session|AcceptTerms/;

export function isRefusedToTokens(service: string, method: string, contract: MethodContract): boolean {
  if (contract.access.kind === 'public') return true;
  if (IDENTITY_SERVICES.has(service)) return !ALLOWED_IN_IDENTITY.has(`${service}/${method}`);
  return OWN_SIGN_IN.test(method);
}
