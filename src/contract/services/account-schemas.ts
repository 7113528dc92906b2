/** Payload and result schemas of the Account service (kept apart so account.ts stays readable). */
import { Type } from '@sinclair/typebox';
import { AccountId, Opt } from '../define';
import { ViewsSchema } from '../session-user';
import { AccountType, EnumMembersSchema, FieldValue, GridQueryProperties, Name, ServiceName } from '../common';

export const MfaMethodType = Type.Union([Type.Literal('TOTP'), Type.Literal('EMAIL')]);

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
});

/** MFA policy of a company, or of its whole hierarchy (spec §4: enforceable, with an exceptions list). */
export const CompanyMfaPolicySchema = Type.Object(
  {
    CompanyAccountId: AccountId('Company the policy belongs to'),
    IsEnforced: Type.Boolean(),
    AllowedMethods: Opt(Type.Array(MfaMethodType, { minItems: 1, uniqueItems: true })),
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
  }),
);

/** Audit-log grid request: a grid query plus the account whose log is read. */
export const AuditLogQuerySchema = Type.Object(
  {
    ...GridQueryProperties,
    accountId: AccountId('Account whose log is read (checked against the caller in the handler)'),
    mode: Opt(Type.Union([Type.Literal('account'), Type.Literal('user')], { description: 'user: actions done by this user (user-log); default account' })),
  },
  { additionalProperties: false },
);

export const HierarchyEntrySchema = Type.Object({
  AccountId: Type.Integer(),
  AccountType: Type.String(),
  DisplayName: Type.String(),
});

export const LoadedAccountSchema = Type.Object({
  AccountId: Type.Integer(),
  AccountType: Type.String(),
  ProductName: Type.Union([Type.String(), Type.Null()]),
  Views: ViewsSchema,
  Hierarchy: Type.Array(HierarchyEntrySchema, { description: 'Ancestors, root first' }),
});

export const LayoutFieldSchema = Type.Object({
  Name: Type.String(),
  Value: Type.Optional(Type.Unknown()),
  DisplayValue: Type.Optional(Type.String()),
  DisplayTemplate: Type.Optional(Type.String({ description: 'Renderer hint, e.g. Combobox' })),
  EnumMembers: Type.Optional(EnumMembersSchema),
});

export const ViewLayoutSchema = Type.Object({
  Pages: Type.Array(
    Type.Object({
      Id: Type.Union([Type.Integer(), Type.String()]),
      Name: Type.String(),
      DisplayValue: Type.String(),
      Containers: Type.Array(
        Type.Object({
          Id: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
          Name: Type.String(),
          DisplayValue: Type.Optional(Type.String()),
          Fields: Type.Array(LayoutFieldSchema),
        }),
      ),
    }),
  ),
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
  [
    Type.Literal('MovedToCompetitor'),
    Type.Literal('OutOfBusiness'),
    Type.Literal('MistakeInOrder'),
    Type.Literal('ServiceNotNeeded'),
    Type.Literal('TooExpensive'),
    Type.Literal('Upgraded'),
    Type.Literal('Other'),
  ],
  { description: 'Company moved to competitor, out of business, mistake in the order, service not needed, too expensive, upgraded, other' },
);
