/** Text key of a method type (TOTP, EMAIL, PASSKEY) for lists and headings. */
export const methodTypeKey = (type: string) =>
  type === 'EMAIL' ? 'identity.mfa.typeEmail' : type === 'PASSKEY' ? 'identity.mfa.typePasskey' : 'identity.mfa.typeTotp';
