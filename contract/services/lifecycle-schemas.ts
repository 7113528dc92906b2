/**
 * Result shapes of the account lifecycle calls (issue 13): the company
 * hierarchy tree and picker, termination, move.
 */
import { Type } from '@sinclair/typebox';

const NullableString = Type.Union([Type.String(), Type.Null()]);

/** One account of the company hierarchy (tree node or picker row). */
export const HierarchyNodeSchema = Type.Object({
  AccountId: Type.Integer(),
  ParentAccountId: Type.Union([Type.Integer(), Type.Null()]),
  AccountType: Type.String(),
  AccountState: Type.String({ description: 'Active, Suspended or Terminated (shown greyed)' }),
  DisplayName: Type.String(),
  ProductName: NullableString,
  /** Icon name per account type (the client maps it to a drawn icon). */
  Icon: Type.String(),
  /** Whether the node has children to load (with the same showTerminatedAccounts). */
  HasChildren: Type.Boolean(),
});

/** GetAccountTree: the account and its direct children; each child loads its own children on demand. */
export const AccountTreeSchema = Type.Object({
  Account: HierarchyNodeSchema,
  Children: Type.Array(HierarchyNodeSchema),
  /** More children exist than were returned (the first CHILD_LIMIT by type and name). */
  ChildrenTruncated: Type.Boolean(),
});

/** GetPartialCompanyHierarchy: a bounded, searchable list of organisation accounts. */
export const PartialHierarchySchema = Type.Object({
  Accounts: Type.Array(
    Type.Composite([
      HierarchyNodeSchema,
      Type.Object({ Path: Type.String({ description: 'Display names from the root of the part down to the parent, " / "-separated' }) }),
    ]),
  ),
  /** More accounts match than maxRows. */
  HasMore: Type.Boolean(),
});

/** A subscription in a termination, with its lock. */
export const TerminationSubscriptionSchema = Type.Object({
  AccountId: Type.Integer(),
  DisplayName: Type.String(),
  ParentAccountId: Type.Integer(),
  AccountState: Type.String(),
  IsPrepaid: Type.Boolean(),
  AutoRenew: NullableString,
  /** The end of the lock period or minimum contract period, when one applies and has not ended. */
  LockedUntil: NullableString,
  LockKind: Type.Union([Type.Literal('LockPeriod'), Type.Literal('MinimumContractPeriod'), Type.Null()]),
});

/** GetAccountsForTermination: the account and what a termination of it ends. */
export const TerminationOverviewSchema = Type.Object({
  Account: HierarchyNodeSchema,
  SubAccounts: Type.Array(HierarchyNodeSchema),
  Subscriptions: Type.Array(TerminationSubscriptionSchema),
  /** The latest LockedUntil: termination is possible from then on (null: now). */
  EarliestTerminationDate: NullableString,
  /** The caller holds read and delete on this kind of account (spec §6) and the account is not its own. */
  CanTerminate: Type.Boolean(),
  ScheduledTermination: Type.Union([
    Type.Object({ Id: Type.Integer(), TerminationDate: Type.String(), Reason: Type.String(), SendToSdp: Type.Boolean() }),
    Type.Null(),
  ]),
});

export const TerminationResultSchema = Type.Object({
  AccountId: Type.Integer(),
  Status: Type.Union([Type.Literal('Terminated'), Type.Literal('Scheduled'), Type.Literal('Cancelled')]),
  TerminationDate: Type.String(),
  TerminatedAccounts: Type.Integer(),
  ProvisioningRequests: Type.Integer(),
});

/** GetPossbileParentsForAccountMove: the valid new parents. */
export const MoveParentsSchema = Type.Object({
  Account: HierarchyNodeSchema,
  Parents: Type.Array(Type.Composite([HierarchyNodeSchema, Type.Object({ Path: Type.String() })])),
  /** More valid parents exist than were returned. */
  HasMore: Type.Boolean(),
});

export const MoveResultSchema = Type.Object({
  AccountId: Type.Integer(),
  OldParentAccountId: Type.Integer(),
  NewParentAccountId: Type.Integer(),
  MovedAccounts: Type.Integer(),
});
