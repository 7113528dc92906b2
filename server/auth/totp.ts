import { generate, generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238: 30 s step, 6 digits, SHA-1 (what authenticator apps expect); one step of clock drift either way. */
const EPOCH_TOLERANCE = 30;

export const newTotpSecret = () => generateSecret();

export const totpUri = (secret: string, label: string, issuer: string) => generateURI({ secret, label, issuer });

export const currentTotp = (secret: string) => generate({ secret });

/**
 * Checks a code; a code (its time step) is usable once: `lastUsedStep` is the
 * step of the last accepted code and anything at or before it is refused.
 * Returns the matched step to store, or undefined.
 */
export async function verifyTotp(secret: string, code: string, lastUsedStep: number | null): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: EPOCH_TOLERANCE,
    ...(lastUsedStep !== null ? { afterTimeStep: lastUsedStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
