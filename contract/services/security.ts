import { Type } from '@sinclair/typebox';
import { AccountId, method, needs, Opt } from '../define';
import { CapabilityObjectTypes } from '../capabilities';
import { Id, Name, ServiceName, Text } from '../common';

const ObjectTypeSchema = Type.Union(CapabilityObjectTypes.map((objectType) => Type.Literal(objectType)));

/** One grant inside a capability set: an object type (optionally for one service) with its flags. */
export const CapabilityEntrySchema = Type.Object(
  {
    ObjectType: ObjectTypeSchema,
    ServiceName: Opt(ServiceName('Service the grant is limited to; all when absent')),
    Read: Type.Optional(Type.Boolean()),
    Execute: Type.Optional(Type.Boolean()),
    Create: Type.Optional(Type.Boolean()),
    Delete: Type.Optional(Type.Boolean()),
    Value: Opt(Type.String({ maxLength: 64, description: 'Qualifier, e.g. HIERARCHY' })),
  },
  { additionalProperties: false },
);

/**
 * Read-only fields the server fills in answers (who owns the record, whether the
 * caller may change it); ignored when sent back.
 */
const OwnershipFields = {
  OwnerAccountId: Opt(Type.Integer({ minimum: 1, description: 'Owning account (read-only)' })),
  OwnerName: Opt(Type.String({ maxLength: 256, description: 'Display name of the owning account (read-only)' })),
  IsEditable: Opt(Type.Boolean({ description: 'Whether the caller may change or delete it (read-only)' })),
};
const OWNERSHIP_FIELD_NAMES = ['OwnerAccountId', 'OwnerName', 'IsEditable'] as const;

export const CapabilitySetSchema = Type.Object(
  {
    Id: Id('Capability set id'),
    Name: Name(256),
    Description: Opt(Text(2000)),
    IsTemplate: Type.Boolean(),
    Capabilities: Type.Array(CapabilityEntrySchema, { maxItems: 1000 }),
    ...OwnershipFields,
  },
  { additionalProperties: false },
);
export const NewCapabilitySetSchema = Type.Omit(CapabilitySetSchema, ['Id', ...OWNERSHIP_FIELD_NAMES], { additionalProperties: false });

/** An organisation kind a role is meant for (Platform: the root organisation). */
const RoleAccountType = Type.Union(['Platform', 'Reseller', 'Vendor', 'Company'].map((kind) => Type.Literal(kind)));

export const RoleSchema = Type.Object(
  {
    Id: Id('Role id'),
    Name: Name(256),
    Description: Opt(Text(2000)),
    CapabilitySetIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000, uniqueItems: true }),
    AccountTypes: Opt(
      Type.Union([Type.Array(RoleAccountType, { maxItems: 4, uniqueItems: true }), Type.Null()], {
        description: 'The organisation kinds whose users may be given the role; null or absent: every kind (on update, absent keeps the stored value)',
      }),
    ),
    ...OwnershipFields,
  },
  { additionalProperties: false },
);
export const NewRoleSchema = Type.Omit(RoleSchema, ['Id', ...OWNERSHIP_FIELD_NAMES], { additionalProperties: false });

/**
 * A change that takes the right to sign in (LOGIN) from users who have it is refused (409, the
 * number in the x-login-loss-count header) unless the call repeats that number here.
 */
const ConfirmLoginLoss = Opt(
  Type.Integer({ minimum: 0, maximum: 10_000_000, description: 'Extension: the number of users the change signs out, confirmed (from a refused try)' }),
);

/** Saving or deleting a set or a role: found by id (404), refused by a rule such as login loss (409). */
const changeOfOwned = (flag: 'Execute' | 'Delete') => ({ access: needs('SECURITY_ROLES', flag), refusals: [404, 409] as const });

export const Security = {
  GetCapabilitySets: method({
    summary: 'The capability sets a company owns or may use.',
    params: { ownerCompanyId: AccountId('Owning company') },
    result: Type.Array(CapabilitySetSchema),
    access: needs('SECURITY_ROLES', 'Read', 'ownerCompanyId'),
  }),
  AddCapabilitySet: method({
    summary: 'Create a capability set owned by a company.',
    params: { ownerCompanyId: AccountId('Owning company'), capabilitySet: NewCapabilitySetSchema },
    result: CapabilitySetSchema,
    access: needs('SECURITY_ROLES', 'Create', 'ownerCompanyId'),
  }),
  UpdateCapabilitySet: method({
    summary: "Save a capability set; the handler checks that its owner is in the caller's hierarchy.",
    params: { capabilitySet: CapabilitySetSchema, confirmLoginLoss: ConfirmLoginLoss },
    result: CapabilitySetSchema,
    ...changeOfOwned('Execute'),
  }),
  DeleteCapabilitySet: method({
    summary: "Delete a capability set; the handler checks that its owner is in the caller's hierarchy.",
    params: { capabilitySetId: Id('Capability set id'), confirmLoginLoss: ConfirmLoginLoss },
    result: Type.Null(),
    ...changeOfOwned('Delete'),
  }),
  GetRoles: method({
    summary: 'The security roles available in a company.',
    params: { accountId: AccountId('Company account') },
    result: Type.Array(RoleSchema),
    access: needs('SECURITY_ROLES', 'Read', 'accountId'),
  }),
  GetAssignableRoles: method({
    summary: "The roles the caller may give a user at an account: meant for its organisation's kind, owned on its path, granting nothing the caller lacks.",
    params: { accountId: AccountId('The user, or the parent of a new user') },
    result: Type.Array(RoleSchema),
    access: needs('SECURITY_ROLES', 'Read', 'accountId'),
    extension: true,
  }),
  AddRole: method({
    summary: 'Create a security role owned by a company.',
    params: { ownerCompanyId: AccountId('Owning company'), role: NewRoleSchema },
    result: RoleSchema,
    access: needs('SECURITY_ROLES', 'Create', 'ownerCompanyId'),
  }),
  UpdateRole: method({
    summary: "Save a security role; the handler checks that its owner is in the caller's hierarchy.",
    params: { role: RoleSchema, confirmLoginLoss: ConfirmLoginLoss },
    result: RoleSchema,
    ...changeOfOwned('Execute'),
  }),
  DeleteRole: method({
    summary: "Delete a security role; the handler checks that its owner is in the caller's hierarchy.",
    params: { roleId: Id('Role id'), confirmLoginLoss: ConfirmLoginLoss },
    result: Type.Null(),
    ...changeOfOwned('Delete'),
  }),
  GetRolesForUser: method({
    summary: 'The security roles assigned to a user.',
    params: { accountId: AccountId('User account') },
    result: Type.Array(RoleSchema),
    access: needs('SECURITY_ROLES', 'Read', 'accountId'),
  }),
  SetRolesForUser: method({
    summary: "Replace the security roles of a user; only roles offered at the user's account, and no role granting what the caller lacks.",
    params: {
      accountId: AccountId('User account'),
      roleIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000, uniqueItems: true, description: 'Every role the user shall hold' }),
      confirmLoginLoss: ConfirmLoginLoss,
    },
    result: Type.Array(RoleSchema),
    access: needs('SECURITY_ROLES', 'Execute', 'accountId'),
    refusals: [409],
    extension: true,
  }),
};
