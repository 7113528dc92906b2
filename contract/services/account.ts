import { Type } from '@sinclair/typebox';
import { AccountTypeListSchema } from '../account-types';
import { AccountId, method, needs, needsAny, Opt, Public, SignedIn, signedInFor } from '../define';
import { AuthenticationMethodSchema, ViewsSchema } from '../session-user';
import { AccountType, DateTime, EnumMembersSchema, FileResultSchema, GridPageSchema, GridQuery, Id, Name, ServiceName } from '../common';
import {
  AccountSearchResultSchema,
  AuditLogMetadataSchema,
  AuditLogMode,
  AuditLogQuerySchema,
  CompanyMfaPolicySchema,
  ConfirmedTermsSchema,
  EnumRequestSchema,
  FieldValidationResultSchema,
  FieldValidationSchema,
  LoadedAccountSchema,
  MfaSetupResultSchema,
  NewAuthenticationMethodSchema,
  PasswordCheckResultSchema,
  SupportDetailsSchema,
  MfaStepUpResultSchema,
  ProductMetaRulesSchema,
  TerminationReason,
  ViewLayoutSchema,
} from './account-schemas';
import {
  AccountTreeSchema,
  MoveParentsSchema,
  MoveResultSchema,
  PartialHierarchySchema,
  TerminationOverviewSchema,
  TerminationResultSchema,
} from './lifecycle-schemas';
import { WizardLayoutSchema } from './wizard-schemas';
import { UpgradeProcessSchema, UpgradeProductsSchema, UpgradeResultSchema } from './upgrade-schemas';

const AuthenticationMethodId = () => Id('Id of one of the MFA methods of the signed-in user');
const MfaCode = () => Type.String({ minLength: 4, maxLength: 64, description: 'Code from the authenticator app or e-mail' });
/** Capability object types of account kinds: Execute edits, Create creates (each layout names its own). */
const ACCOUNT_OBJECT_TYPES = ['USER_ACCOUNT', 'DEPARTMENT_ACCOUNT', 'COMPANY_ACCOUNT', 'RESELLER_ACCOUNT', 'PRODUCT_ACCOUNT'] as const;
const ViewAction = () =>
  Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_]*$', examples: ['VIEW'], description: 'Layout mode, e.g. VIEW, CREATE, EDIT' });

/** Account, passwords and MFA; account and views (spec §7). */
/** A user on or below an account (GetUsersForCompany). */
const CompanyUserSchema = Type.Object(
  {
    AccountId: Type.Integer(),
    AccountType: Type.Literal('User'),
    AccountState: Type.String(),
    Username: Type.String(),
    DisplayName: Type.String(),
    Email: Type.Union([Type.String(), Type.Null()]),
    ParentAccountId: Type.Integer({ description: 'The company or department the user belongs to' }),
    ParentDisplayName: Type.String(),
    LastLogon: Type.Union([DateTime(), Type.Null()]),
  },
  { additionalProperties: false },
);

export const Account = {
  // --- passwords and MFA ---
  ValidateUserPassword: method({
    summary: 'Check a candidate password against the password policy for the signed-in user or the user of a reset token.',
    params: {
      password: Type.String({ minLength: 1, maxLength: 1024 }),
      token: Opt(Type.String({ minLength: 1, maxLength: 1024, description: 'Reset token when not signed in' })),
    },
    result: PasswordCheckResultSchema,
    access: Public,
  }),
  SetUpTwoFactorAuthentication: method({
    summary: 'Start setting up a new MFA method for the signed-in user (not enabled until confirmed).',
    params: { authenticationMethod: NewAuthenticationMethodSchema },
    result: MfaSetupResultSchema,
    access: SignedIn,
  }),
  EnableTwoFactorAuthentication: method({
    summary: 'Confirm a pending MFA method of the signed-in user with a code from it.',
    params: { mfaToken: MfaCode(), authenticationMethodId: AuthenticationMethodId() },
    result: Type.Null(),
    access: SignedIn,
    refusals: [404],
  }),
  DisableTwoFactorAuthentication: method({
    summary: 'Remove one MFA method of the signed-in user.',
    params: { authenticationMethodId: AuthenticationMethodId() },
    result: Type.Null(),
    access: SignedIn,
    refusals: [404, 409],
  }),
  SetNameTwoFactorAuthentication: method({
    summary: 'Rename one MFA method of the signed-in user.',
    params: { authenticationMethodId: AuthenticationMethodId(), newName: Name(128) },
    result: Type.Null(),
    access: SignedIn,
    refusals: [404],
  }),
  SetPrimaryTwoFactorAuthentication: method({
    summary: 'Make one MFA method of the signed-in user the primary one.',
    params: { authenticationMethodId: AuthenticationMethodId() },
    result: Type.Null(),
    access: SignedIn,
    refusals: [404],
  }),
  HasEnabledTwoFactorAuthentication: method({
    summary: 'Tell whether a user has at least one enabled MFA method.',
    params: { userAccountId: AccountId('User account') },
    result: Type.Boolean(),
    access: needs('MFA', 'Read', 'userAccountId'),
  }),
  DisableMfaForUser: method({
    summary: 'Remove all MFA methods of another user.',
    params: { userAccountId: AccountId('User account') },
    result: Type.Null(),
    access: needs('MFA', 'Execute', 'userAccountId'),
    refusals: [404],
  }),
  GetTwoFactorAuthenticationMethods: method({
    summary: 'The MFA methods of the signed-in user.',
    result: Type.Array(AuthenticationMethodSchema),
    access: SignedIn,
  }),
  GetMFAPolicy: method({
    summary: 'The MFA policy of one company.',
    params: { companyAccountId: AccountId('Company account') },
    result: CompanyMfaPolicySchema,
    access: needs('MFA', 'Read', 'companyAccountId'),
  }),
  GetHierarchyMFAPolicy: method({
    summary: 'The MFA policy a company enforces on its whole hierarchy.',
    params: { companyAccountId: AccountId('Company account') },
    result: CompanyMfaPolicySchema,
    access: needs('MFA', 'Read', 'companyAccountId'),
  }),
  UpdateMFAPolicy: method({
    summary: "Save a company's MFA policy; the handler checks companyMFAPolicy.CompanyAccountId and the exceptions against the caller's hierarchy.",
    params: { companyMFAPolicy: CompanyMfaPolicySchema },
    result: CompanyMfaPolicySchema,
    access: needs('MFA', 'Execute'),
    refusals: [409],
  }),
  UpdateHierarchyMFAPolicy: method({
    summary: "Save the MFA policy a company enforces on its hierarchy; the handler checks companyMFAPolicy.CompanyAccountId and the exceptions against the caller's hierarchy.",
    params: { companyMFAPolicy: CompanyMfaPolicySchema },
    result: CompanyMfaPolicySchema,
    access: needs('MFA', 'Execute'),
    refusals: [409],
  }),

  // --- account and views ---
  GetMyConfirmedTerms: method({
    summary: 'The terms of use and privacy policy that apply to the signed-in user, each with when the user accepted it (AcceptedAt, null while not accepted).',
    result: ConfirmedTermsSchema,
    access: SignedIn,
  }),
  GetAuditLog: method({
    summary: "One page of an account's audit log (entries recorded on it) or, in user mode, of a user's log (what the user did); the handler checks query.accountId against the caller's hierarchy.",
    params: { query: AuditLogQuerySchema },
    result: GridPageSchema,
    access: needs('AUDIT_LOG', 'Read'),
  }),
  ExportAuditLog: method({
    summary: "Export an account's audit log (or a user's log) as an xlsx or csv file with the query's filters and sort; the handler checks query.accountId against the caller's hierarchy.",
    params: { query: AuditLogQuerySchema },
    result: FileResultSchema,
    access: needs('AUDIT_LOG', 'Read'),
  }),
  GetAuditLogMetadata: method({
    summary: 'The filter options of an audit log or user log: the actions it holds, each with its number of entries.',
    params: { accountId: AccountId('Account whose log is read'), mode: Opt(AuditLogMode) },
    result: AuditLogMetadataSchema,
    access: needs('AUDIT_LOG', 'Read', 'accountId'),
    extension: true,
  }),
  LoadAccountById: method({
    summary: "An account with its views and ancestors: the caller's own, the one it sits in, its organisation, or one in reach whose type's capability (its layout's) it may Read.",
    params: { accountId: AccountId() },
    result: LoadedAccountSchema,
    access: signedInFor('accountId'),
    refusals: [404],
  }),
  GetViewLayout: method({
    summary: 'The view layout (pages, containers, fields) of an account type, action and optional product.',
    params: {
      accountType: AccountType(),
      action: Opt(ViewAction()),
      productName: Opt(ServiceName('Product of a product account; its layout is merged with the generic one')),
    },
    result: ViewLayoutSchema,
    access: SignedIn,
    refusals: [404],
  }),
  GetWizardLayout: method({
    summary: 'A wizard (a layout whose pages are steps, ending in one service call) by its layout name, translated; its steps are the pages for CREATE.',
    params: { name: Type.String({ minLength: 1, maxLength: 200, pattern: '^[a-z0-9][a-z0-9/_-]*$', examples: ['wizards/terminate'], description: 'Layout name, e.g. wizards/terminate' }) },
    result: WizardLayoutSchema,
    access: SignedIn,
    refusals: [404],
    extension: true,
  }),
  GetEnumDataForField: method({
    summary: 'The options of an enum field of a view, for an existing account or one being created.',
    params: {
      accountId: Opt(AccountId('Account being edited; absent while creating')),
      parentAccountId: Opt(AccountId('Parent of the account being created')),
      viewName: Name(128),
      fieldName: Name(128),
      accountType: AccountType(),
      productName: Opt(ServiceName()),
    },
    result: EnumMembersSchema,
    access: signedInFor('accountId', 'parentAccountId'),
    refusals: [404],
  }),
  ResolveRemoteEnum: method({
    summary: "Compute the options of a remote enum field; the handler checks enumRequest.AccountId and ParentAccountId against the caller's hierarchy.",
    params: { enumRequest: EnumRequestSchema },
    result: EnumMembersSchema,
    access: SignedIn,
    refusals: [404],
  }),
  GetPossibleProductsForUpgrade: method({
    summary: 'The products a subscription can be upgraded to.',
    params: { accountId: AccountId('Product account to upgrade') },
    result: UpgradeProductsSchema,
    access: needs('SUBSCRIPTIONS', 'Read', 'accountId'),
    refusals: [404],
  }),
  GetDefaultViewsForCustomAction: method({
    summary: 'Default view values of an account for a custom action such as termination or move.',
    params: { accountId: AccountId(), action: ViewAction() },
    result: ViewsSchema,
    access: signedInFor('accountId'),
    refusals: [404],
  }),
  GetProductMetaRules: method({
    summary: 'The meta rules (dependencies, limits) of a product, for an existing product account or a new order.',
    params: {
      accountid: Opt(AccountId('Existing product account')),
      parentAccountId: Opt(AccountId('Parent of the product account being ordered')),
      productName: Opt(ServiceName()),
      quoteId: Opt(Id('Quote the order comes from')),
    },
    result: ProductMetaRulesSchema,
    access: signedInFor('accountid', 'parentAccountId'),
    refusals: [404],
  }),
  GetUpgradeProcessValues: method({
    summary: 'Prepare an upgrade of a subscription to another product and return the upgrade process with its values.',
    params: {
      sourceAccountId: AccountId('Product account to upgrade'),
      targetProductName: ServiceName('Product to upgrade to'),
      targetAccountId: Opt(AccountId('Existing product account to modify instead of creating one')),
      // The reserved view `UpgradeProcess` carries `Variant` (Full | Partial, default Full): spec §7 has no parameter for it.
      viewValues: Opt(ViewsSchema),
    },
    result: UpgradeProcessSchema,
    access: needs('SUBSCRIPTIONS', 'Execute', 'sourceAccountId', 'targetAccountId'),
    refusals: [404],
  }),
  ExecuteAccountUpgradeProcess: method({
    summary: 'Run a prepared upgrade process on a subscription.',
    params: { accountId: AccountId('Product account to upgrade'), upgradeProcessId: Id('Upgrade process from GetUpgradeProcessValues') },
    result: UpgradeResultSchema,
    access: needs('SUBSCRIPTIONS', 'Execute', 'accountId'),
    refusals: [404, 409],
  }),
  ValidateUniqueField: method({
    summary: "Check that a field value is not used by another account; the handler checks validation.AccountId against the caller's hierarchy.",
    params: { validation: FieldValidationSchema },
    result: FieldValidationResultSchema,
    access: SignedIn,
    refusals: [404],
  }),
  ValidateRemoteFieldWithResult: method({
    summary: "Run the server-side rule of a field and return whether the value is valid; the handler checks validation.AccountId against the caller's hierarchy.",
    params: { validation: FieldValidationSchema },
    result: FieldValidationResultSchema,
    access: SignedIn,
    refusals: [404],
  }),
  SearchAccount: method({
    summary: "Search the caller's hierarchy for accounts matching a text.",
    params: { text: Type.String({ minLength: 1, maxLength: 256 }) },
    result: AccountSearchResultSchema,
    access: SignedIn,
  }),
  GetSupportDetails: method({
    summary: "The support contacts and links of the signed-in user's marketplace.",
    result: SupportDetailsSchema,
    access: SignedIn,
  }),
  GetAccountTree: method({
    summary: 'The tree of accounts below an account.',
    params: { accountId: AccountId('Root of the tree'), showTerminatedAccounts: Opt(Type.Boolean({ description: 'Default false' })) },
    result: AccountTreeSchema,
    access: signedInFor('accountId'),
    refusals: [404],
  }),
  GetUsersForCompany: method({
    summary: 'The users of a company.',
    params: { accountId: AccountId('Company account') },
    result: Type.Array(CompanyUserSchema, { description: 'By display name; the first 1000' }),
    access: needs('USERS', 'Read', 'accountId'),
    refusals: [404],
  }),
  GetAccountsForTermination: method({
    summary: 'The accounts and subscriptions a termination of an account would end, with their locks.',
    params: { accountId: AccountId('Account to terminate') },
    result: TerminationOverviewSchema,
    access: needs('ACCOUNT_TERMINATION', 'Read', 'accountId'),
    refusals: [404],
  }),
  TerminateAccount: method({
    summary: 'Terminate an account now or schedule its termination.',
    params: {
      accountId: AccountId('Account to terminate'),
      sendToSdp: Opt(Type.Boolean({ description: 'Send the termination to the provisioning platform; default true' })),
      terminationDate: Opt(DateTime('When to terminate; now when absent')),
      terminationReason: TerminationReason,
    },
    result: TerminationResultSchema,
    access: needs('ACCOUNT_TERMINATION', 'Execute', 'accountId'),
    refusals: [404, 409],
  }),
  GetPossbileParentsForAccountMove: method({
    summary: 'The accounts an account may be moved under.',
    params: { accountId: AccountId('Account to move') },
    result: MoveParentsSchema,
    access: needs('ACCOUNT_MOVE', 'Read', 'accountId'),
    refusals: [404, 409],
  }),
  MoveAccount: method({
    summary: 'Move an account under a new parent.',
    params: { accountId: AccountId('Account to move'), newParentAccountId: AccountId('New parent account') },
    result: MoveResultSchema,
    access: needs('ACCOUNT_MOVE', 'Execute', 'accountId', 'newParentAccountId'),
    refusals: [404, 409],
  }),
  GetPartialCompanyHierarchy: method({
    summary: "A bounded part of a company hierarchy, optionally filtered by a search text.",
    params: {
      targetRoot: Opt(AccountId("Root of the part; default the caller's company")),
      maxRows: Opt(Type.Integer({ minimum: 1, maximum: 1000 })),
      searchString: Opt(Type.String({ maxLength: 256 })),
      includeDepartment: Opt(Type.Boolean({ description: 'Default false' })),
    },
    result: PartialHierarchySchema,
    access: signedInFor('targetRoot'),
    refusals: [404],
  }),
  CancelAccountTermination: method({
    summary: 'Cancel the scheduled termination of an account before it runs (Cancel Termination, spec §4).',
    params: { accountId: AccountId('Account whose scheduled termination to cancel') },
    result: TerminationResultSchema,
    access: needs('ACCOUNT_TERMINATION', 'Execute', 'accountId'),
    refusals: [404, 409],
    extension: true,
  }),

  // --- extensions: the accounts screen and the search results page (issue 16) ---
  GetAccountChildren: method({
    summary:
      "One page of an account's children (organisations, departments, users, subscriptions) for the accounts screen: type, state, identifier, created date.",
    params: {
      accountId: AccountId('Account whose children to list'),
      showTerminatedAccounts: Opt(Type.Boolean({ description: 'Default false' })),
      query: GridQuery('Grid page request; sorts: DisplayName, CreatedAt; filters: AccountType (set), AccountState (set)'),
    },
    result: GridPageSchema,
    access: signedInFor('accountId'),
    refusals: [404],
    extension: true,
  }),
  SearchAccountsPage: method({
    summary: "The search results page: one page of the accounts within the caller's reach matching a text (the header search shows the first few).",
    params: {
      text: Type.String({ minLength: 1, maxLength: 256 }),
      startRow: Type.Integer({ minimum: 0, maximum: 10_000, description: 'First row, inclusive' }),
      pageSize: Opt(Type.Integer({ minimum: 1, maximum: 100, description: 'Default 25' })),
    },
    result: Type.Object({ Accounts: AccountSearchResultSchema, HasMore: Type.Boolean() }),
    access: SignedIn,
    extension: true,
  }),

  // --- extension: account types as data (issue 33) ---
  ListAccountTypes: method({
    summary: "The account types the caller may see (its capability's or on its own line), from the account layouts: label in the caller's language, icon, colour, parents, tabs.",
    params: {},
    result: AccountTypeListSchema,
    access: SignedIn,
    extension: true,
  }),

  // --- extensions: saving accounts from their layouts (not in spec §7) ---
  CreateAccount: method({
    summary:
      'Create an account of a type (and product) under a parent from the values of its CREATE layout, checked against every rule of the layout and the Create capability of the type.',
    params: {
      parentAccountId: AccountId('Parent of the new account'),
      accountType: AccountType(),
      productName: Opt(ServiceName('Product of a new product account (subscription)')),
      viewValues: ViewsSchema,
    },
    result: LoadedAccountSchema,
    access: needsAny(ACCOUNT_OBJECT_TYPES.map((objectType) => ({ objectType, flag: 'Create' as const })), 'parentAccountId'),
    refusals: [404, 409],
    extension: true,
  }),
  UpdateAccount: method({
    summary:
      "Save only the changed fields of an account against its EDIT layout's rules; MFA-gated fields need a fresh MFA proof (mfaToken, or a step-up of this session in the last 5 minutes).",
    params: {
      accountId: AccountId('Account to change'),
      viewValues: ViewsSchema,
      mfaToken: Opt(MfaCode()),
      mfaMethodId: Opt(AuthenticationMethodId()),
    },
    result: LoadedAccountSchema,
    access: needsAny(ACCOUNT_OBJECT_TYPES.map((objectType) => ({ objectType, flag: 'Execute' as const })), 'accountId'),
    refusals: [404],
    extension: true,
  }),
  VerifyMfaStepUp: method({
    summary: 'Check an MFA code of the signed-in user and mark this session as freshly verified (unlocks MFA-protected fields for 5 minutes).',
    params: { mfaToken: MfaCode(), mfaMethodId: Opt(AuthenticationMethodId()) },
    result: MfaStepUpResultSchema,
    access: SignedIn,
    extension: true,
  }),
};
