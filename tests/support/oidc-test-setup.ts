/**
 * The test identity provider's fixed client and people, and the portal's SSO
 * configuration for it. Kept apart from oidc-provider.ts so playwright.config.ts
 * can read them without loading the provider itself.
 */
export interface TestSsoPerson {
  login: string;
  password: string;
  sub: string;
  name: string;
  email: string;
}

/** People known to the provider; none of them is linked to a portal user at the start. */
export const TEST_SSO_PEOPLE: readonly TestSsoPerson[] = [
  { login: 'harry', password: 'Harry-Idp-Password-1', sub: 'idp-harry-0001', name: 'Harry Walsh', email: 'harry.walsh@contoso.example' },
  { login: 'olivia', password: 'Olivia-Idp-Password-1', sub: 'idp-olivia-0002', name: 'Olivia Bennett', email: 'olivia.bennett@contoso.example' },
  { login: 'priya', password: 'Priya-Idp-Password-1', sub: 'idp-priya-0003', name: 'Priya Raman', email: 'priya.raman@adatum.example' },
  { login: 'morgan', password: 'Morgan-Idp-Password-1', sub: 'idp-morgan-0004', name: 'Morgan Blake', email: 'morgan.blake@cloudmarketplace.example' },
];

export const TEST_SSO_CLIENT = { id: 'portal-test', secret: 'portal-test-client-secret-0123456789', ssoId: 'contoso-id', name: 'Contoso ID' } as const;

export interface TestSsoConfig {
  providers: { id: string; name: string; issuer: string; clientId: string; clientSecret: string; scope: string }[];
}

/** The portal's PORTAL_SSO_CONFIG for the test provider at `issuer`. */
export function testSsoConfig(issuer: string): TestSsoConfig {
  return {
    providers: [
      { id: TEST_SSO_CLIENT.ssoId, name: TEST_SSO_CLIENT.name, issuer, clientId: TEST_SSO_CLIENT.id, clientSecret: TEST_SSO_CLIENT.secret, scope: 'openid profile email' },
    ],
  };
}

/** Where the end-to-end run starts the provider: beside the portal's own port. */
export const e2eOidcPort = (portalPort: number) => portalPort + 1000;
