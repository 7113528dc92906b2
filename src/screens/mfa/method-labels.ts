/** Text key of a method type (TOTP, EMAIL) for lists and headings. */
export const methodTypeKey = (type: string) => (type === 'EMAIL' ? 'identity.mfa.typeEmail' : 'identity.mfa.typeTotp');
