import { Type } from '@sinclair/typebox';
import { method, Opt, Public, SignedIn, needs, AccountId } from '../define';
import { SessionUserSchema } from '../session-user';

/** AuthenticateOpenId for a subject no user is linked to yet: the user confirms who they are at /sso-link. */
export const SsoLinkRequiredSchema = Type.Object({
  LinkRequired: Type.Literal(true),
  /** Opaque, single-use, short-lived token standing for the verified subject (not the subject itself). */
  OpenIdSubIdentifier: Type.String(),
  /** What the provider said about the person, to greet them on the link page. */
  Name: Type.Union([Type.String(), Type.Null()]),
  Email: Type.Union([Type.String(), Type.Null()]),
});

export const Authorization = {
  Authenticate: method({
    summary: 'Sign in with user name and password (and an MFA code when the user has MFA).',
    params: {
      userName: Type.String({ maxLength: 256 }),
      password: Type.String({ maxLength: 1024 }),
      mfaToken: Opt(Type.String({ maxLength: 64 })),
      mfaMethodId: Opt(Type.Integer()),
    },
    result: SessionUserSchema,
    access: Public,
    refusals: [401],
  }),
  Logout: method({ summary: 'End the current session.', result: Type.Null(), access: Public }),
  GetCurrentUser: method({ summary: 'The signed-in user.', result: SessionUserSchema, access: SignedIn }),
  AuthenticateOpenId: method({
    summary: 'Finish single sign-on: exchange the authorization code.',
    params: { code: Type.String({ maxLength: 4096 }), state: Type.String({ maxLength: 4096 }), clientName: Opt(Type.String({ maxLength: 256 })) },
    // The user, or (subject not linked to any user yet) the token for /sso-link/{openIdSubIdentifier}.
    result: Type.Union([SessionUserSchema, SsoLinkRequiredSchema]),
    access: Public,
    refusals: [401],
  }),
  PingPong: method({ summary: 'Keep the session alive.', result: Type.String(), access: SignedIn }),
  AuthenticateWithSubConfirmation: method({
    summary: 'Link an OpenID subject to an existing user after confirming its password.',
    params: {
      userName: Type.String({ maxLength: 256 }),
      password: Type.String({ maxLength: 1024 }),
      subId: Type.String({ maxLength: 1024 }),
      clientName: Opt(Type.String({ maxLength: 256 })),
      mfaToken: Opt(Type.String({ maxLength: 64 })),
    },
    result: SessionUserSchema,
    access: Public,
  }),
  SetLanguage: method({
    summary: "Store the user's language.",
    params: { languageCode: Type.String({ minLength: 2, maxLength: 10 }) },
    result: Type.Null(),
    access: SignedIn,
  }),
  SendSecurityCodeNotification: method({
    summary: 'Send an MFA code by email for the given method.',
    params: { authenticationMethodId: Type.Integer() },
    result: Type.Null(),
    access: Public,
    refusals: [401, 404],
  }),
  Impersonate: method({
    summary: 'Act as another user.',
    params: { userAccountId: AccountId('User account to impersonate') },
    result: SessionUserSchema,
    access: needs('IMPERSONATION', 'Execute', 'userAccountId'),
  }),
  GetImpersonationCandidates: method({
    summary: 'The users on or below an account whom the caller could impersonate, each with why not when it may not (the Impersonate rule).',
    params: { accountId: AccountId('Organisation or department whose users are listed') },
    result: Type.Array(
      Type.Object({
        AccountId: Type.Integer(),
        Username: Type.String(),
        DisplayName: Type.String(),
        ParentDisplayName: Type.String(),
        /** Why Impersonate would refuse this user, in the caller's language; null: it would not. */
        Refusal: Type.Union([Type.String(), Type.Null()]),
      }),
    ),
    access: needs('IMPERSONATION', 'Execute', 'accountId'),
    refusals: [404],
    extension: true,
  }),
  Unimpersonate: method({ summary: 'Stop impersonating.', result: SessionUserSchema, access: SignedIn }),
  CreateOpenIdState: method({
    summary: "Start single sign-on: a signed, single-use state and the PKCE challenge for the provider's authorization request.",
    params: {
      clientName: Type.String({ minLength: 1, maxLength: 64, description: 'The SSO setup entry id' }),
      redirectUri: Type.String({ minLength: 1, maxLength: 2048, description: "The app's address the provider sends the browser back to" }),
    },
    result: Type.Object({ State: Type.String(), CodeChallenge: Type.String(), CodeChallengeMethod: Type.Literal('S256') }),
    access: Public,
    extension: true,
  }),
};
