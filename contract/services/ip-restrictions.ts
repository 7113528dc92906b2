import { Type } from '@sinclair/typebox';
import { AccountId, method, needs, Opt } from '../define';
import { Text } from '../common';

/** One allow or deny entry (spec §5: IPv4, IPv6, CIDR or hyphenated ranges, comma-separated; parsed by the handler). */
export const IpRestrictionEntrySchema = Type.Object(
  {
    Type: Type.Union([Type.Literal('Allow'), Type.Literal('Deny')]),
    Ranges: Type.String({ minLength: 1, maxLength: 4000, description: 'Comma-separated IPv4/IPv6 addresses, CIDR blocks or a-b ranges' }),
    Description: Opt(Text(500)),
  },
  { additionalProperties: false },
);

export const IpRestrictionsSchema = Type.Object(
  {
    IsEnabled: Type.Boolean(),
    Entries: Type.Array(IpRestrictionEntrySchema, { maxItems: 1000 }),
  },
  { additionalProperties: false },
);

export const IpRestrictions = {
  GetAuthorizationRestrictions: method({
    summary: 'The IP allow and deny entries that apply to signing in to an account.',
    params: { accountId: AccountId() },
    result: IpRestrictionsSchema,
    access: needs('IP_RESTRICTIONS', 'Read', 'accountId'),
    refusals: [404],
  }),
  SaveAuthorizationRestrictions: method({
    summary: 'Save the IP allow and deny entries of a company.',
    params: { companyAccountId: AccountId('Company account'), restrictions: IpRestrictionsSchema },
    result: IpRestrictionsSchema,
    access: needs('IP_RESTRICTIONS', 'Execute', 'companyAccountId'),
    refusals: [404],
  }),
};
