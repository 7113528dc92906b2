/**
 * API tokens (issue 26, extensions of the Authorization service). A token is sent as
 * `Authorization: Bearer mpt_…` instead of the session cookie and XSRF token. It acts as the
 * user who made it, narrowed to the capabilities and the subtree it was given, and never
 * beyond what that user holds at the moment of each call. A personal token belongs to its
 * user; a service token is made by an administrator for an account (its reach is that
 * account's subtree) and is listed and revoked on the account by any administrator reaching it.
 */
import { Type } from '@sinclair/typebox';
import { AccountId, method, needs, Opt, SignedIn, signedInFor } from '../define';
import { DateTime, Id, Name } from '../common';

/** The prefix every token starts with: secret scanners and people recognise it. */
export const API_TOKEN_PREFIX = 'mpt_';
/** Longest life a token may be given. */
export const MAX_TOKEN_DAYS = 366;

/** What a token may do: an object type with the flags it was given (each one held by its creator when made). */
export const TokenCapabilitySchema = Type.Object(
  {
    ObjectType: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Z_]+$', examples: ['SUBSCRIPTIONS'] }),
    Read: Type.Optional(Type.Boolean()),
    Execute: Type.Optional(Type.Boolean()),
    Create: Type.Optional(Type.Boolean()),
    Delete: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const tokenParams = {
  name: Name(100, 'What the token is for, shown in lists and in the audit log'),
  expiresInDays: Type.Integer({ minimum: 1, maximum: MAX_TOKEN_DAYS, description: 'Days until the token stops working' }),
  capabilities: Type.Array(TokenCapabilitySchema, { minItems: 1, maxItems: 64, description: 'Capabilities chosen from those the creator holds' }),
  allowedIps: Opt(
    Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      maxItems: 50,
      description: 'Addresses, CIDR blocks or a-b ranges the token may be used from; none: any address',
    }),
  ),
};

export const ApiTokenSchema = Type.Object({
  Id: Type.Integer(),
  Kind: Type.Union([Type.Literal('personal'), Type.Literal('service')]),
  Name: Type.String(),
  /** The token's first characters, to tell tokens apart (the rest is never shown again). */
  Prefix: Type.String(),
  Capabilities: Type.Array(TokenCapabilitySchema),
  AllowedIps: Type.Array(Type.String()),
  /** The account whose subtree the token reaches; null: its creator's own reach. */
  AccountId: Type.Union([Type.Integer(), Type.Null()]),
  AccountName: Type.Union([Type.String(), Type.Null()]),
  CreatedBy: Type.String({ description: "The creator's user name" }),
  CreatedAt: DateTime(),
  ExpiresAt: DateTime(),
  LastUsedAt: Type.Union([DateTime(), Type.Null()]),
  LastUsedIp: Type.Union([Type.String(), Type.Null()]),
  RevokedAt: Type.Union([DateTime(), Type.Null()]),
  /** revoked, else expired once ExpiresAt has passed, else active: decided by the server's clock. */
  State: Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')]),
});

/** A new token: the secret is in this answer only, the server keeps its SHA-256. */
export const CreatedApiTokenSchema = Type.Object({ Token: Type.String({ description: 'The secret, shown once' }), ApiToken: ApiTokenSchema });

export const ApiTokenExtensions = {
  CreateApiToken: method({
    summary: "Create a personal API token of the signed-in user (shown once). Not with a token itself.",
    params: {
      ...tokenParams,
      accountId: Opt(AccountId('Extension: narrow the token to this account\'s subtree (within the caller\'s reach); none: the caller\'s own reach')),
    },
    result: CreatedApiTokenSchema,
    access: signedInFor('accountId'),
    extension: true,
  }),
  ListApiTokens: method({
    summary: "The signed-in user's personal API tokens (or a user's in reach, USERS Execute), newest first, revoked ones included.",
    params: {
      userAccountId: Opt(AccountId('Extension: the user whose personal tokens to list (USERS Execute, within reach); none: the caller\'s own')),
    },
    result: Type.Array(ApiTokenSchema),
    access: signedInFor('userAccountId'),
    extension: true,
  }),
  RevokeApiToken: method({
    summary: 'Revoke an API token: the caller\'s own, a personal token of a user in reach (USERS Execute) or a service token in reach (USERS Create).',
    params: { apiTokenId: Id('The token to revoke') },
    result: Type.Null(),
    access: SignedIn,
    refusals: [404],
    extension: true,
  }),
  RevokeMyApiTokens: method({
    summary: "Revoke every active personal and service token the signed-in user made; answers how many. Not with a token, not while impersonating.",
    result: Type.Integer({ minimum: 0 }),
    access: SignedIn,
    extension: true,
  }),
  CreateServiceToken: method({
    summary: "Create a service token for an account (shown once): it acts as the caller, within the account's subtree. Not with a token itself.",
    params: { accountId: AccountId('The account the token works for'), ...tokenParams },
    result: CreatedApiTokenSchema,
    access: needs('USERS', 'Create', 'accountId'),
    extension: true,
  }),
  ListServiceTokens: method({
    summary: 'The service tokens of an account, newest first, revoked ones included.',
    params: { accountId: AccountId('The account whose service tokens to list') },
    result: Type.Array(ApiTokenSchema),
    access: needs('USERS', 'Read', 'accountId'),
    extension: true,
  }),
};

/** What a token may call in the services of identity: who it is, its own tokens. */
const ALLOWED_IN_IDENTITY = new Set(['Authorization/GetCurrentUser', 'Authorization/PingPong', 'Authorization/ListApiTokens', 'Authorization/ListServiceTokens']);
const IDENTITY_SERVICES = new Set(['Authorization', 'SelfCare']);
/** Methods of other services about the caller's own sign-in. */
const OWN_SIGN_IN = /TwoFactor|MfaStepUp|Passkey|Password|Session|AcceptTerms/;

/**
 * Methods a token never reaches, whatever it was given: it stands for a program, not a person at a
 * keyboard. Signing in and out, the caller's own password, MFA, passkeys and sessions, impersonation,
 * accepting terms, and making or revoking tokens need the person's session (403 "not with a token").
 * A rule by service and name, so such methods added later are refused without being listed.
 */
export function isRefusedToTokens(service: string, method: string, access: { kind: string }): boolean {
  if (access.kind === 'public') return true;
  if (IDENTITY_SERVICES.has(service)) return !ALLOWED_IN_IDENTITY.has(`${service}/${method}`);
  return OWN_SIGN_IN.test(method);
}
