import { Type, type Static } from '@sinclair/typebox';

export const CapabilitySchema = Type.Object({
  ObjectType: Type.String(),
  Read: Type.Optional(Type.Boolean()),
  Execute: Type.Optional(Type.Boolean()),
  Create: Type.Optional(Type.Boolean()),
  Delete: Type.Optional(Type.Boolean()),
  Value: Type.Optional(Type.String()),
});

/** Views of an account: view name → field name → value (spec §3 Account). */
export const ViewsSchema = Type.Record(Type.String(), Type.Record(Type.String(), Type.Unknown()));

export const AccountSummarySchema = Type.Object({
  AccountId: Type.Integer(),
  AccountType: Type.String(),
  Views: Type.Object({
    Values: Type.Record(Type.String(), Type.Unknown()),
  }),
});

export const AuthenticationMethodSchema = Type.Object({
  Id: Type.Integer(),
  Type: Type.String({ description: 'TOTP, EMAIL or PASSKEY' }),
  Name: Type.String(),
  IsPrimary: Type.Boolean(),
  IsEnabled: Type.Boolean(),
});

/** The signed-in user as GetCurrentUser and Authenticate return it (spec §3). */
export const SessionUserSchema = Type.Object({
  SessionId: Type.String(),
  UserAccountId: Type.Integer(),
  Username: Type.String(),
  UserAuthenticationMethods: Type.Array(AuthenticationMethodSchema),
  MustSetupMfa: Type.Boolean(),
  /** True when the password was accepted but an MFA code is still needed. */
  MfaRequired: Type.Boolean(),
  Capability: Type.Array(CapabilitySchema),
  UserAccount: AccountSummarySchema,
  CompanyAccount: Type.Union([AccountSummarySchema, Type.Null()]),
  ImpersonatorAccountId: Type.Union([Type.Integer(), Type.Null()]),
  ImpersonatorAccount: Type.Union([AccountSummarySchema, Type.Null()]),
  Category: Type.String(),
  PaasType: Type.Union([Type.String(), Type.Null()]),
  PaasCountry: Type.Union([Type.String(), Type.Null()]),
  PaasName: Type.Union([Type.String(), Type.Null()]),
  AccountPath: Type.String({ description: 'slash-separated numeric ids, root first' }),
  LastLogon: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  Language: Type.String(),
});

export type SessionUser = Static<typeof SessionUserSchema>;
