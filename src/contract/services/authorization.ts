import { Type } from '@sinclair/typebox';
import { method, Opt, Public, SignedIn, needs, AccountId } from '../define';
import { SessionUserSchema } from '../session-user';

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
  }),
  Logout: method({ summary: 'End the current session.', access: Public }),
  GetCurrentUser: method({ summary: 'The signed-in user.', result: SessionUserSchema, access: SignedIn }),
  AuthenticateOpenId: method({
    summary: 'Finish single sign-on: exchange the authorization code.',
    params: { code: Type.String({ maxLength: 4096 }), state: Type.String({ maxLength: 4096 }), clientName: Opt(Type.String({ maxLength: 256 })) },
    result: SessionUserSchema,
    access: Public,
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
    access: SignedIn,
  }),
  SendSecurityCodeNotification: method({
    summary: 'Send an MFA code by email for the given method.',
    params: { authenticationMethodId: Type.Integer() },
    access: Public,
  }),
  Impersonate: method({
    summary: 'Act as another user.',
    params: { userAccountId: AccountId('User account to impersonate') },
    result: SessionUserSchema,
    access: needs('IMPERSONATION', 'Execute', 'userAccountId'),
  }),
  Unimpersonate: method({ summary: 'Stop impersonating.', result: SessionUserSchema, access: SignedIn }),
};
