/** Payload and result schemas of the Account service (kept apart so account.ts stays readable). */
import { Type, type Static } from '@sinclair/typebox';
import { AccountId, Opt } from '../define';
import { ViewsSchema } from '../session-user';
import { AccountType, EnumMemberSchema, EnumMembersSchema, FieldValue, GridQueryDepthRule, GridQueryProperties, Name, ServiceName } from '../common';
import { TERMINATION_REASONS } from '../value-kinds';

export const MfaMethodType = Type.Union([Type.Literal('TOTP'), Type.Literal('EMAIL')]);
/** Every kind of MFA method, passkeys (issue 23, added with their own calls) included: what a policy may allow. */
export const AnyMfaMethodType = Type.Union([Type.Literal('TOTP'), Type.Literal('EMAIL'), Type.Literal('PASSKEY')]);

/** The method a user starts to set up (spec §4 MFA, routes /setup-mfa and /setup-mfa-email). */
export const NewAuthenticationMethodSchema = Type.Object(
  {
    Type: MfaMethodType,
    Name: Opt(Name(128, 'Label the user gives the method')),
    Email: Opt(Type.String({ format: 'email', maxLength: 254, description: 'For EMAIL: address to send codes to; default the account e-mail' })),
  },
  { additionalProperties: false },
);

export const MfaSetupResultSchema = Type.Object({
  AuthenticationMethodId: Type.Integer(),
  Secret: Type.Union([Type.String(), Type.Null()], { description: 'TOTP secret (base32); null for EMAIL' }),
  OtpAuthUri: Type.Union([Type.String(), Type.Null()], { description: 'otpauth:// URI for the QR code; null for EMAIL' }),
});

export const PasswordCheckResultSchema = Type.Object({
  IsValid: Type.Boolean(),
  Messages: Type.Array(Type.String(), { description: 'Translated texts of the rules the password breaks' }),
  FailedRules: Type.Array(
    Type.Object({
      Rule: Type.String({
        description:
          'Rule id: minLength, maxLength, lowercase, uppercase, digit, special, notCommon, noPersonalInfo (notRecent is only checked when the password is saved)',
      }),
      Message: Type.String(),
    }),
    { description: 'The rules the password breaks, with their translated texts (same order as Messages)' },
  ),
});

/** MFA policy of a company, or of its whole hierarchy (spec §4: enforceable, with an exceptions list). */
export const CompanyMfaPolicySchema = Type.Object(
  {
    CompanyAccountId: AccountId('Company the policy belongs to'),
    IsEnforced: Type.Boolean(),
    AllowedMethods: Opt(Type.Array(AnyMfaMethodType, { minItems: 1, uniqueItems: true })),
    ExceptionAccountIds: Type.Array(Type.Integer({ minimum: 1 }), {
      maxItems: 10000,
      uniqueItems: true,
      description: 'Accounts exempt from the policy',
    }),
  },
  { additionalProperties: false },
);

export const ConfirmedTermsSchema = Type.Array(
  Type.Object({
    Id: Type.Integer(),
    Name: Type.String(),
    TermsText: Type.String(),
    PathToTermsPdf: Type.Union([Type.String(), Type.Null()]),
    IsPrivacyPolicy: Type.Boolean(),
    /** Added by this project: the spec's dialog shows "not accepted, then accepted" (§4 Terms). */
    AcceptedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When the signed-in user accepted; null while not accepted' }),
  }),
);

export const AuditLogMode = Type.Union([Type.Literal('account'), Type.Literal('user')], {
  description: 'account: entries recorded on this account (audit log); user: actions done by this user (user log); default account',
});

/** Audit-log grid request: a grid query plus the account whose log is read (and, for ExportAuditLog, the file format). */
export const AuditLogQuerySchema = Type.Object(
  {
    ...GridQueryProperties,
    accountId: AccountId('Account whose log is read (checked against the caller in the handler)'),
    mode: Opt(AuditLogMode),
    format: Opt(Type.Union([Type.Literal('xlsx'), Type.Literal('csv')], { description: 'ExportAuditLog only: file format; default xlsx' })),
  },
  { additionalProperties: false, ...GridQueryDepthRule },
);

/** One row of GetAuditLog (Rows of its grid page). */
export const AuditLogEntrySchema = Type.Object({
  Id: Type.Integer(),
  Date: Type.String({ format: 'date-time' }),
  Action: Type.String({ description: 'Event name, e.g. AccountUpdated' }),
  Details: Type.String({ description: 'The event as a sentence in the caller\'s language, e.g. "Import 14 finished: 20 imported, 3 errors"' }),
  DetailsLinks: Type.Optional(
    Type.Array(Type.Object({ Text: Type.String({ description: 'Words of Details that name an account' }), To: Type.String({ description: 'App route of that account' }) }), {
      description: 'Accounts the sentence names, to show as links',
    }),
  ),
  ActorUserId: Type.Union([Type.Integer(), Type.Null()]),
  ActorName: Type.String({ description: 'Display name and username of the user who acted; empty when unknown (e.g. a failed sign-in)' }),
  ImpersonatorUserId: Type.Union([Type.Integer(), Type.Null()]),
  ImpersonatorName: Type.String({ description: 'Who acted as that user, if anyone' }),
  AccountId: Type.Union([Type.Integer(), Type.Null()]),
  AccountName: Type.String({ description: 'The account the entry was recorded on' }),
  Ip: Type.String(),
});

/** Filter options of the audit log: the actions present, with their number of entries. */
export const AuditLogMetadataSchema = Type.Object({
  Actions: Type.Array(Type.Object({ Value: Type.String(), Count: Type.Integer({ minimum: 0 }) })),
  TotalCount: Type.Integer({ minimum: 0 }),
});

export const HierarchyEntrySchema = Type.Object({
  AccountId: Type.Integer(),
  AccountType: Type.String(),
  DisplayName: Type.String(),
});

export const LoadedAccountSchema = Type.Object({
  AccountId: Type.Integer(),
  AccountType: Type.String(),
  ProductName: Type.Union([Type.String(), Type.Null()]),
  AccountState: Type.Optional(Type.String({ description: 'Active, Suspended or Terminated' })),
  Views: ViewsSchema,
  Hierarchy: Type.Array(HierarchyEntrySchema, { description: 'Ancestors, root first' }),
});

/** The data type of a layout field; the renderer is chosen from it, DisplayTemplate and the flags. */
export const LayoutFieldTypeSchema = Type.Union(
  ['String', 'Email', 'Number', 'Integer', 'Date', 'Boolean', 'Enum', 'MultiEnum'].map((type) => Type.Literal(type)),
  { description: 'Data type; default String' },
);

/** One test on another field's value. Exactly one operator per test. */
export const FieldTestSchema = Type.Object(
  {
    Field: Name(128, 'Name of the field whose value is tested'),
    Equals: Type.Optional(FieldValue),
    NotEquals: Type.Optional(FieldValue),
    In: Type.Optional(Type.Array(FieldValue, { minItems: 1 })),
    IsEmpty: Type.Optional(Type.Boolean({ description: 'true: the field is empty; false: it has a value' })),
  },
  { additionalProperties: false },
);

/** When a field is visible, read-only or required: a test, or AllOf / AnyOf / Not of tests (one level deep). */
export const FieldConditionSchema = Type.Union([
  FieldTestSchema,
  Type.Object({ AllOf: Type.Array(FieldTestSchema, { minItems: 1 }) }, { additionalProperties: false }),
  Type.Object({ AnyOf: Type.Array(FieldTestSchema, { minItems: 1 }) }, { additionalProperties: false }),
  Type.Object({ Not: FieldTestSchema }, { additionalProperties: false }),
]);

export const CapabilityFlagSchema = Type.Union([Type.Literal('Read'), Type.Literal('Execute'), Type.Literal('Create'), Type.Literal('Delete')]);

/**
 * A field of a view layout (spec §3: Name, Value, DisplayValue, DisplayTemplate,
 * EnumMembers) plus what a real form needs. Texts arrive translated.
 */
export const LayoutFieldSchema = Type.Object({
  Name: Type.String(),
  Value: Type.Optional(Type.Unknown({ description: 'Default value (CREATE)' })),
  DisplayValue: Type.Optional(Type.String({ description: 'Label' })),
  DisplayTemplate: Type.Optional(Type.String({ description: 'Renderer hint, e.g. Combobox, Multiline' })),
  EnumMembers: Type.Optional(EnumMembersSchema),
  Type: Type.Optional(LayoutFieldTypeSchema),
  View: Type.Optional(Type.String({ description: 'View of the account holding the value; default Values' })),
  HelpText: Type.Optional(Type.String()),
  Placeholder: Type.Optional(Type.String()),
  Required: Type.Optional(Type.Boolean()),
  ReadOnly: Type.Optional(Type.Boolean()),
  MfaRequired: Type.Optional(Type.Boolean({ description: 'Changing the value needs a fresh MFA proof' })),
  VisibleWhen: Type.Optional(FieldConditionSchema),
  ReadOnlyWhen: Type.Optional(FieldConditionSchema),
  RequiredWhen: Type.Optional(FieldConditionSchema),
  MinLength: Type.Optional(Type.Integer({ minimum: 0 })),
  MaxLength: Type.Optional(Type.Integer({ minimum: 1 })),
  Length: Type.Optional(Type.Integer({ minimum: 1, description: 'Exact length' })),
  Minimum: Type.Optional(Type.Number()),
  Maximum: Type.Optional(Type.Number()),
  Pattern: Type.Optional(Type.String({ description: 'Regular expression the whole value must match' })),
  UppercaseOnly: Type.Optional(Type.Boolean()),
  ExcludedCharacters: Type.Optional(Type.String({ description: 'Characters the value must not contain' })),
  MinItems: Type.Optional(Type.Integer({ minimum: 1, description: 'MultiEnum: at least this many values' })),
  RemoteEnum: Type.Optional(
    Type.Object({ DependsOn: Type.Array(Type.String(), { description: 'Fields whose values the options depend on' }) }),
  ),
  RemoteValidation: Type.Optional(Type.Union([Type.Literal('Unique'), Type.Literal('Rule')])),
  EditCapability: Type.Optional(Type.Object({ ObjectType: Type.String(), Flag: CapabilityFlagSchema })),
});

export const LayoutContainerSchema = Type.Object({
  Id: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
  Name: Type.String(),
  DisplayValue: Type.Optional(Type.String()),
  Fields: Type.Array(LayoutFieldSchema),
});

export const LayoutPageSchema = Type.Object({
  Id: Type.Union([Type.Integer(), Type.String()]),
  Name: Type.String(),
  DisplayValue: Type.String(),
  Containers: Type.Array(LayoutContainerSchema),
});

export const ViewLayoutSchema = Type.Object({
  Pages: Type.Array(LayoutPageSchema),
  AccountType: Type.Optional(Type.String()),
  ProductName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  Action: Type.Optional(Type.String()),
  Capability: Type.Optional(Type.String({ description: 'Object type whose Execute edits and Create creates such accounts' })),
});

export type FieldTest = Static<typeof FieldTestSchema>;
export type FieldCondition = Static<typeof FieldConditionSchema>;
export type LayoutField = Static<typeof LayoutFieldSchema>;
export type LayoutContainer = Static<typeof LayoutContainerSchema>;
export type LayoutPage = Static<typeof LayoutPageSchema>;
export type ViewLayout = Static<typeof ViewLayoutSchema>;
export type LayoutFieldType = Static<typeof LayoutFieldTypeSchema>;
export type FieldValueType = Static<typeof FieldValue>;
export type EnumMember = Static<typeof EnumMemberSchema>;
export type LoadedAccount = Static<typeof LoadedAccountSchema>;

/** Limits of a product (GetProductMetaRules), from its layout, with what the parent already holds. */
export const ProductMetaRulesSchema = Type.Object({
  ProductName: Type.String(),
  MinQuantity: Type.Union([Type.Integer(), Type.Null()]),
  MaxQuantity: Type.Union([Type.Integer(), Type.Null()]),
  MaxPerCompany: Type.Union([Type.Integer(), Type.Null()], { description: 'Subscriptions of this product one company may hold' }),
  ExistingCount: Type.Integer({ description: 'Active subscriptions of the product in the company of the account or parent' }),
});

/** How long a proven second factor (VerifyMfaStepUp, an MFA sign-in, a method just set up) unlocks MfaRequired fields. */
export const MFA_STEP_UP_MINUTES = 5;

export const MfaStepUpResultSchema = Type.Object({
  ValidUntil: Type.String({ format: 'date-time', description: 'MFA-protected fields can be saved until then' }),
});

/** What ResolveRemoteEnum needs to compute the options of a remote enum field. */
export const EnumRequestSchema = Type.Object(
  {
    FieldName: Name(128),
    ViewName: Opt(Name(128)),
    AccountType: AccountType(),
    AccountId: Opt(AccountId('Account being edited; absent while creating')),
    ParentAccountId: Opt(AccountId('Parent of the account being created')),
    ProductName: Opt(ServiceName('Product of a product account')),
    SearchText: Opt(Type.String({ maxLength: 256 })),
    DependentValues: Opt(Type.Record(Type.String(), FieldValue, { description: 'Current values of the fields this enum depends on' })),
  },
  { additionalProperties: false },
);

/** A field value to check on the server (uniqueness, remote rules). */
export const FieldValidationSchema = Type.Object(
  {
    FieldName: Name(128),
    Value: FieldValue,
    AccountType: AccountType(),
    AccountId: Opt(AccountId('Account being edited; its own value does not count as a duplicate')),
    ProductName: Opt(ServiceName('Product of a product account')),
    ViewName: Opt(Name(128)),
  },
  { additionalProperties: false },
);

export const FieldValidationResultSchema = Type.Object({
  IsValid: Type.Boolean(),
  Message: Type.Union([Type.String(), Type.Null()], { description: 'Translated reason when not valid' }),
});

export const AccountSearchResultSchema = Type.Array(
  Type.Object({
    AccountId: Type.Integer(),
    AccountType: Type.String(),
    AccountState: Type.String({ description: 'e.g. Active, Terminated (shown greyed)' }),
    DisplayName: Type.String(),
    Icon: Type.Union([Type.String(), Type.Null()]),
    UserName: Type.Optional(Type.String({ description: "A user account's sign-in name" })),
    Organisation: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'The display name of the account it sits in (a user: its company or department)' })),
  }),
);

const NullableText = Type.Union([Type.String(), Type.Null()]);

/** Spec §3 Support details. */
export const SupportDetailsSchema = Type.Object({
  SupportUrl: NullableText,
  KnowledgeBaseUrl: NullableText,
  Imprint: NullableText,
  SupportPhoneNumber: NullableText,
  SupportTechnicalEmail: NullableText,
  SupportWorkingHoursRegular: NullableText,
  SupportWorkingDaysRegular: NullableText,
  SupportWorkingHoursOthers: NullableText,
  SupportWorkingDaysOthers: NullableText,
  SupportButtonText: NullableText,
  SupportSalesPhoneNumber: NullableText,
  SupportSalesEmail: NullableText,
  SupportBillingPhoneNumber: NullableText,
  SupportBillingEmail: NullableText,
});

/** Reasons offered by the termination screen (spec §5). */
export const TerminationReason = Type.Union(
  TERMINATION_REASONS.map((reason) => Type.Literal(reason)),
  { description: 'Company moved to competitor, out of business, mistake in the order, service not needed, too expensive, upgraded, other' },
);
