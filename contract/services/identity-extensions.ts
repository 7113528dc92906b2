/**
 * Identity II (issue 23): passkeys, the sessions a user can see and end, and what the MFA
 * policy screens show. Extensions (not in spec §7) of the Authorization and Account services,
 * merged in catalogue.ts. Server side: server/services/identity/{passkeys,sessions,mfa-overview}.ts.
 */
import { Type } from '@sinclair/typebox';
import { AccountId, method, needs, needsAny, Opt, Public, SignedIn } from '../define';
import { DateTime, Name } from '../common';
import { SessionUserSchema } from '../session-user';
import { AnyMfaMethodType } from './account-schemas';

const Base64Url = (maxLength: number, description: string) => Type.String({ maxLength, pattern: '^[A-Za-z0-9_-]*={0,2}$', examples: ['AQIDBA'], description });

/** What the browser's navigator.credentials answered, as @simplewebauthn/browser encodes it (base64url fields). */
export const PasskeyResponseSchema = Type.Object(
  {
    id: Base64Url(1024, 'Credential id'),
    rawId: Base64Url(1024, 'Credential id'),
    type: Type.Literal('public-key'),
    response: Type.Object(
      {
        clientDataJSON: Base64Url(4096, 'Client data (origin, challenge) as the browser signed it'),
        attestationObject: Type.Optional(Base64Url(16384, 'Registration: the new credential')),
        authenticatorData: Type.Optional(Base64Url(4096, 'Authenticator data')),
        signature: Type.Optional(Base64Url(2048, 'Sign-in: the signature over authenticator and client data')),
        userHandle: Opt(Base64Url(256, 'Sign-in: the user handle stored with a discoverable credential')),
        publicKey: Type.Optional(Base64Url(4096, 'Registration: the public key (informative)')),
        publicKeyAlgorithm: Type.Optional(Type.Integer({ minimum: -65536, maximum: 65536 })),
        transports: Type.Optional(Type.Array(Type.String({ maxLength: 32 }), { maxItems: 8 })),
      },
      { additionalProperties: false },
    ),
    // No extension is asked for; a browser may still report whether the credential is discoverable.
    clientExtensionResults: Type.Object(
      { credProps: Type.Optional(Type.Object({ rk: Type.Optional(Type.Boolean()) }, { additionalProperties: false })) },
      { additionalProperties: false, description: 'Extension outputs (not used)' },
    ),
    authenticatorAttachment: Opt(Type.String({ maxLength: 32 })),
  },
  { additionalProperties: false },
);

/** PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON, handed to @simplewebauthn/browser as they are. */
const PasskeyOptionsSchema = Type.Object(
  { challenge: Type.String() },
  { additionalProperties: true, description: 'WebAuthn options (JSON encoding of the W3C dictionaries)' },
);

export const PasskeySchema = Type.Object({
  Id: Type.Integer({ description: 'The MFA method id (rename and remove with the MFA methods calls)' }),
  Name: Type.String(),
  IsPrimary: Type.Boolean(),
  CreatedAt: DateTime(),
  LastUsedAt: Type.Union([DateTime(), Type.Null()]),
  BackedUp: Type.Boolean({ description: 'Synced to other devices by its provider' }),
});

export const UserSessionSchema = Type.Object({
  Id: Type.String({ description: 'Opaque id of the session in this list (not the cookie, not the realtime SessionId)' }),
  Browser: Type.Union([Type.String(), Type.Null()]),
  System: Type.Union([Type.String(), Type.Null()]),
  Mobile: Type.Boolean(),
  Address: Type.Union([Type.String(), Type.Null()]),
  StartedAt: DateTime(),
  LastSeenAt: DateTime(),
  IsCurrent: Type.Boolean(),
  Impersonating: Type.Boolean({ description: 'The user acts as another user in this session' }),
});

const EndedSchema = Type.Object({ Ended: Type.Integer({ minimum: 0, description: 'Sessions ended' }) });

export const MfaPolicyOverviewSchema = Type.Object({
  CompanyAccountId: Type.Integer(),
  InheritedFrom: Type.Union([Type.Object({ AccountId: Type.Integer(), DisplayName: Type.String(), AllowedMethods: Type.Union([Type.Array(AnyMfaMethodType), Type.Null()]) }), Type.Null()], {
    description: 'The nearest account above whose hierarchy policy applies here',
  }),
  Exceptions: Type.Array(Type.Object({ AccountId: Type.Integer(), DisplayName: Type.String(), AccountType: Type.String() })),
  UsersBound: Type.Integer({ description: 'Users the company or hierarchy policy would bind (exceptions left out)' }),
  UsersWithoutMethod: Type.Integer({ description: 'Of those, users without an enabled method the policy allows: they set one up at their next sign-in' }),
});

export const UserMfaSummarySchema = Type.Object({
  HasMfa: Type.Boolean(),
  Types: Type.Array(AnyMfaMethodType, { description: 'Kinds of the enabled methods' }),
  MustSetupMfa: Type.Boolean(),
});

export const AuthorizationIdentityExtensions = {
  StartPasskeySignIn: method({
    summary:
      'Options for signing in with a passkey: any discoverable passkey of this site, or, between password and second factor, only those of that user. The challenge is stored for 5 minutes and works once.',
    result: PasskeyOptionsSchema,
    access: Public,
    extension: true,
  }),
  FinishPasskeySignIn: method({
    summary: "Sign in with the passkey's answer (user verification required): a session, as Authenticate gives one with its second factor.",
    params: { credential: PasskeyResponseSchema },
    result: SessionUserSchema,
    access: Public,
    refusals: [401],
    extension: true,
  }),
};

export const AccountIdentityExtensions = {
  StartPasskeyRegistration: method({
    summary: 'Options for adding a passkey of the signed-in user (discoverable, user verification required).',
    result: PasskeyOptionsSchema,
    access: SignedIn,
    extension: true,
  }),
  FinishPasskeyRegistration: method({
    summary: "Store the new passkey from the browser's answer; it becomes an MFA method (primary if it is the first).",
    params: { credential: PasskeyResponseSchema, name: Opt(Name(128, 'Label the user gives the passkey')) },
    result: PasskeySchema,
    access: SignedIn,
    refusals: [409],
    extension: true,
  }),
  GetPasskeys: method({
    summary: 'The passkeys of the signed-in user, with when each was last used.',
    result: Type.Array(PasskeySchema),
    access: SignedIn,
    extension: true,
  }),
  GetMySessions: method({
    summary: 'The active sessions of the signed-in user: device, address, started, last seen, the current one marked.',
    result: Type.Array(UserSessionSchema),
    access: SignedIn,
    extension: true,
  }),
  EndMySession: method({
    summary: "End one of the signed-in user's other sessions (its open pages go to sign-in at once).",
    params: { sessionId: Type.String({ minLength: 1, maxLength: 64, description: 'Id from GetMySessions' }) },
    result: EndedSchema,
    access: SignedIn,
    refusals: [404, 409],
    extension: true,
  }),
  EndMyOtherSessions: method({
    summary: "End every session of the signed-in user but this one.",
    result: EndedSchema,
    access: SignedIn,
    extension: true,
  }),
  EndUserSessions: method({
    summary: 'End every session of a user within reach (an administrator signs the user out everywhere).',
    params: { userAccountId: AccountId('User account') },
    result: EndedSchema,
    access: needsAny(
      [
        { objectType: 'MFA', flag: 'Execute' },
        { objectType: 'USER_ACCOUNT', flag: 'Execute' },
      ],
      'userAccountId',
    ),
    refusals: [404],
    extension: true,
  }),
  GetMfaPolicyOverview: method({
    summary: "What the MFA policy screen shows beside the policy: where an inherited policy comes from, the exceptions by name, how many users would have to set up a method.",
    params: {
      companyAccountId: AccountId('Company account'),
      hierarchy: Opt(Type.Boolean({ description: 'Count as if the policy bound the whole hierarchy (default: as stored)' })),
      allowedMethods: Opt(Type.Array(AnyMfaMethodType, { minItems: 1, uniqueItems: true, description: 'Count as if only these kinds were allowed (default: as stored)' })),
      exceptionAccountIds: Opt(Type.Array(AccountId('Exempt account'), { maxItems: 10000, uniqueItems: true, description: 'Count as if these were the exceptions (default: as stored)' })),
    },
    result: MfaPolicyOverviewSchema,
    access: needs('MFA', 'Read', 'companyAccountId'),
    extension: true,
  }),
  GetUserMfaSummary: method({
    summary: 'Whether a user within reach has MFA, of which kinds, and whether a policy makes the user set one up.',
    params: { userAccountId: AccountId('User account') },
    result: UserMfaSummarySchema,
    access: needs('MFA', 'Read', 'userAccountId'),
    refusals: [404],
    extension: true,
  }),
};
