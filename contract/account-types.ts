/**
 * Account types as data (issue 33): the fixed sets an account layout chooses
 * from (its icon, its colour, its lifecycle actions) and the shape of
 * Account/ListAccountTypes, the one source of the types for server and client.
 */
import { Type, type Static } from '@sinclair/typebox';
import { CapabilityFlagSchema } from './services/account-schemas';

/** Icon names an account type may take; the client draws one icon per name. */
export const ACCOUNT_TYPE_ICONS = ['account', 'reseller', 'vendor', 'company', 'department', 'user', 'subscription', 'partner', 'store', 'groups'] as const;
export type AccountTypeIcon = (typeof ACCOUNT_TYPE_ICONS)[number];

/** Colours of a type's chip in lists (the grid's status colours). */
export const ACCOUNT_TYPE_COLORS = ['default', 'primary', 'secondary', 'success', 'info', 'warning', 'error'] as const;
export type AccountTypeColor = (typeof ACCOUNT_TYPE_COLORS)[number];

/** The lifecycle actions an account type's page may offer (its layout's AccountActions); the caller's rights decide the rest. */
export const ACCOUNT_ACTIONS = ['Move', 'Terminate', 'Upgrade', 'Invoice'] as const;
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];
/** A layout without AccountActions: its accounts can be moved and terminated. */
export const DEFAULT_ACCOUNT_ACTIONS: readonly AccountAction[] = ['Move', 'Terminate'];

const Requirement = Type.Object({ ObjectType: Type.String(), Flag: CapabilityFlagSchema }, { additionalProperties: false });

export const AccountTypeTabSchema = Type.Object({
  Path: Type.String({ description: "Route segment after /account/{id}/ ('' for the first tab)" }),
  Label: Type.String({ description: "The tab's title in the caller's language" }),
  Definition: Type.Optional(Type.String({ description: 'The screen definition the tab draws, with the account as its context accountId' })),
  Host: Type.Optional(Type.String({ description: 'Else a tab the app draws by name (contract/host-tabs.ts), until it is a definition' })),
});

export const AccountTypeInfoSchema = Type.Object({
  AccountType: Type.String(),
  Label: Type.String({ description: "The type's name in the caller's language" }),
  Icon: Type.String(),
  Color: Type.String(),
  IdentificatorPrefix: Type.Union([Type.String(), Type.Null()]),
  ParentTypes: Type.Array(Type.String()),
  Segment: Type.String({ description: 'Route segment of its create screen: /account/new/{Segment}' }),
  Organisation: Type.Boolean({ description: 'Holds users, roles and security settings; listed by the hierarchy picker' }),
  Capability: Type.Union([Type.String(), Type.Null()]),
  MayCreate: Type.Boolean({ description: 'The type is creatable and the caller holds Create on its capability' }),
  Tabs: Type.Array(AccountTypeTabSchema, { description: "The account page's tabs the caller may see, in order" }),
  Actions: Type.Array(Type.String(), { description: 'The lifecycle actions (ACCOUNT_ACTIONS) its accounts offer; the server checks the caller\'s rights again' }),
});
export const AccountTypeListSchema = Type.Array(AccountTypeInfoSchema);

export type AccountTypeInfo = Static<typeof AccountTypeInfoSchema>;
export type AccountTypeTab = Static<typeof AccountTypeTabSchema>;
export type TabRequirement = Static<typeof Requirement>;
export { Requirement as TabRequirementSchema };
