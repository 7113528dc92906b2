/**
 * The format of a view layout file (screen-definitions/layouts/**.json), as TypeBox: the
 * types the server works with and the JSON Schema published as
 * screen-definitions/layouts/layout.schema.json (`npm run layouts:check -- --write-schema`).
 *
 * One file per account type, or per product (AccountType "Product" with
 * Products). Pages → Containers → Fields once; `In` limits an element to some
 * actions (VIEW, EDIT, CREATE or a custom one), VIEW shows everything read-only.
 * Labels are text keys: the file's own Texts first, then the server texts
 * (locales/server), English as the fallback.
 */
import { Type, type Static } from '@sinclair/typebox';
import { CapabilityObjectTypes } from '../../contract/capabilities';
import { AccountType, FieldValue } from '../../contract/common';
import { CapabilityFlagSchema, FieldConditionSchema, LayoutFieldTypeSchema } from '../../contract/services/account-schemas';
import { WizardActionSchema, WizardCallSchema, WizardLineSchema, WizardScreenSchema, WizardStepKindSchema } from '../../contract/services/wizard-schemas';
import { ACCOUNT_ACTIONS, ACCOUNT_TYPE_COLORS, ACCOUNT_TYPE_ICONS } from '../../contract/account-types';
import { HOST_TABS } from '../../contract/host-tabs';
import { DISPLAY_TEMPLATES, ENUM_SOURCES, REMOTE_RULES } from './enum-source-names';

const literals = <T extends string>(values: readonly T[]) => values.map((value) => Type.Literal(value));

const TextKey = (description: string) =>
  Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z][A-Za-z0-9_.-]*$', description });
const Identifier = (description: string) => Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z][A-Za-z0-9_]*$', description });
const ActionName = Type.String({ pattern: '^[A-Z][A-Z0-9_]*$', maxLength: 64, description: 'VIEW, EDIT, CREATE or a custom action' });
const Actions = (description: string) => Type.Array(ActionName, { minItems: 1, uniqueItems: true, description });

export const LayoutFileOptionSchema = Type.Object(
  {
    Value: Type.Union([Type.String(), Type.Number(), Type.Boolean()]),
    Label: TextKey('Text key of the option'),
  },
  { additionalProperties: false },
);

export const LayoutFileFieldSchema = Type.Object(
  {
    Name: Identifier('Unique in the layout (and, for a product, with the generic Product layout)'),
    Label: TextKey('Text key of the label'),
    Help: Type.Optional(TextKey('Text key of a help text under the field')),
    Placeholder: Type.Optional(TextKey('Text key of a placeholder')),
    Type: Type.Optional(LayoutFieldTypeSchema),
    DisplayTemplate: Type.Optional(Type.Union(literals(DISPLAY_TEMPLATES), { description: 'Renderer hint' })),
    View: Type.Optional(Identifier('View of the account holding the value; default Values')),
    In: Type.Optional(Actions('Only in these actions; default all of the layout')),
    Default: Type.Optional(FieldValue),
    Required: Type.Optional(Type.Union([Type.Boolean(), Actions('Required in these actions (e.g. only when creating)')])),
    ReadOnly: Type.Optional(Type.Union([Type.Boolean(), Actions('Read-only in these actions')])),
    MfaRequired: Type.Optional(Type.Boolean({ description: 'Changing it needs a fresh MFA proof' })),
    VisibleWhen: Type.Optional(FieldConditionSchema),
    ReadOnlyWhen: Type.Optional(FieldConditionSchema),
    RequiredWhen: Type.Optional(FieldConditionSchema),
    MinLength: Type.Optional(Type.Integer({ minimum: 0 })),
    MaxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 4000 })),
    Length: Type.Optional(Type.Integer({ minimum: 1, maximum: 4000 })),
    Minimum: Type.Optional(Type.Number({ description: 'Smallest number; on a Date field the earliest day, in days from today (0: not in the past)' })),
    Maximum: Type.Optional(Type.Number({ description: 'Largest number; on a Date field the latest day, in days from today' })),
    Pattern: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'Regular expression (RE2 syntax: linear time; no backreferences or lookarounds) the whole value must match' })),
    UppercaseOnly: Type.Optional(Type.Boolean()),
    ExcludedCharacters: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
    MinItems: Type.Optional(Type.Integer({ minimum: 1 })),
    Options: Type.Optional(Type.Array(LayoutFileOptionSchema, { minItems: 1, description: 'Options of an Enum or MultiEnum' })),
    RemoteEnum: Type.Optional(
      Type.Object(
        {
          Source: Type.Union(literals(ENUM_SOURCES), { description: 'Where the server takes the options from' }),
          DependsOn: Type.Optional(Type.Array(Identifier('A field of this layout'), { uniqueItems: true })),
        },
        { additionalProperties: false },
      ),
    ),
    RemoteValidation: Type.Optional(
      Type.Union([
        Type.Object({ Kind: Type.Literal('Unique') }, { additionalProperties: false, description: 'No other account of the type holds the value' }),
        Type.Object({ Kind: Type.Literal('Rule'), Rule: Type.Union(literals(REMOTE_RULES)) }, { additionalProperties: false }),
      ]),
    ),
    EditCapability: Type.Optional(
      Type.Object(
        { ObjectType: Type.Union(literals(CapabilityObjectTypes)), Flag: CapabilityFlagSchema },
        { additionalProperties: false, description: 'Read-only for users without this capability' },
      ),
    ),
    ReadCapability: Type.Optional(
      Type.Object(
        { ObjectType: Type.Union(literals(CapabilityObjectTypes)), Flag: CapabilityFlagSchema },
        { additionalProperties: false, description: 'Hidden from users without this capability: left out of the layout, the account they read and what they may write' },
      ),
    ),
  },
  { additionalProperties: false },
);

export const LayoutFileContainerSchema = Type.Object(
  {
    Name: Identifier('Unique in its page'),
    Label: Type.Optional(TextKey('Text key of the section title')),
    In: Type.Optional(Actions('Only in these actions')),
    Fields: Type.Array(LayoutFileFieldSchema, { minItems: 1 }),
  },
  { additionalProperties: false },
);

export const LayoutFilePageSchema = Type.Object(
  {
    Id: Type.Union([Type.Integer({ minimum: 1 }), Identifier('Page id')]),
    Name: Identifier('Unique in the layout'),
    Label: TextKey('Text key of the tab title'),
    In: Type.Optional(Actions('Only in these actions')),
    // Empty only for a wizard's AccountForm step (its form comes from an answer): the checks say so.
    Containers: Type.Array(LayoutFileContainerSchema),
  },
  { additionalProperties: false },
);

/** A layout whose pages are the steps of a wizard ending in one service call (e.g. wizards/terminate). */
export const LayoutFileWizardSchema = Type.Object(
  {
    Review: Type.Optional(
      Type.Object(
        {
          Label: TextKey('Text key of the review step title'),
          Page: Type.Optional(Identifier('A page drawn under the summary in the review step instead of as a step of its own (e.g. an acknowledgement)')),
          Lines: Type.Optional(Type.Array(WizardLineSchema, { minItems: 1, description: 'Sentences from the values and answers shown instead of the list of values' })),
        },
        { additionalProperties: false, description: 'A last step listing every value before the action' },
      ),
    ),
    Steps: Type.Optional(Type.Array(WizardStepKindSchema, { minItems: 1, description: 'Pages drawn as a step of a special kind: ChooseAccount, ChooseRow, AccountForm' })),
    Calls: Type.Optional(Type.Array(WizardCallSchema, { minItems: 1, description: 'Calls made when Next leaves a page; later steps read their answers' })),
    Action: WizardActionSchema,
    Screen: Type.Optional(WizardScreenSchema),
    SubmitLabels: Type.Array(
      Type.Object(
        { Label: TextKey('Text key of the final button'), When: Type.Optional(FieldConditionSchema) },
        { additionalProperties: false },
      ),
      { minItems: 1, description: 'The final button\'s label: the first whose When holds (the last should have none)' },
    ),
  },
  { additionalProperties: false, description: 'Makes the layout a wizard: pages are steps with their own checks, served by name (GetWizardLayout), not by account type' },
);

/** A tab of the account page (issue 33): a screen definition drawn with the account as context (or a host tab by name), shown by capability. */
export const LayoutFileTabSchema = Type.Object(
  {
    Path: Type.String({ pattern: '^([a-z][a-z0-9-]*)?$', maxLength: 64, description: "Route segment after /account/{id}/ ('' for the first tab)" }),
    Label: Type.Optional(TextKey("Text key of the tab's title (the layout's Texts, the server texts or the client texts); default the definition's title")),
    // A name, not an enum: a definition that does not exist is refused by the type checks with a message naming it.
    Definition: Type.Optional(Type.String({ pattern: '^[a-z0-9][a-z0-9-]*$', maxLength: 100, description: 'The screen definition (screen-definitions/screens) the tab draws, with the account as context accountId' })),
    Host: Type.Optional(Type.Union(literals(HOST_TABS), { description: 'Instead of Definition: a tab the app draws by name (contract/host-tabs.ts), until it is a definition' })),
    Requires: Type.Optional(
      Type.Array(
        Type.Object({ ObjectType: Type.Union(literals(CapabilityObjectTypes)), Flag: CapabilityFlagSchema }, { additionalProperties: false }),
        { minItems: 1, description: 'Shown to whom holds any of these capabilities' },
      ),
    ),
  },
  { additionalProperties: false },
);

export const LayoutFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    AccountType: AccountType(),
    Products: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 256 }), {
        minItems: 1,
        uniqueItems: true,
        description: 'AccountType Product only: the products (service names) this layout is for; absent = the generic Product layout',
      }),
    ),
    Capability: Type.Optional(
      Type.Union(literals(CapabilityObjectTypes), { description: 'Execute edits, Create creates such accounts; a product layout inherits the generic one' }),
    ),
    Actions: Actions('The actions this layout serves'),
    ParentTypes: Type.Optional(Type.Array(AccountType(), { minItems: 1, uniqueItems: true, description: 'Account types a new one may be created under' })),
    DisplayName: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'How the display name is made, e.g. "{Firstname} {Lastname}"' })),
    TypeLabel: Type.Optional(TextKey("Text key of the type's name (New menu, lists); default the value text values.accountType.<AccountType>")),
    Icon: Type.Optional(Type.Union(literals(ACCOUNT_TYPE_ICONS), { description: 'Icon of the type (a name the client maps); default account' })),
    Color: Type.Optional(Type.Union(literals(ACCOUNT_TYPE_COLORS), { description: "Colour of the type's chip in lists; default default" })),
    Creatable: Type.Optional(Type.Boolean({ description: 'Offered in New menus (default: when Actions has CREATE)' })),
    Segment: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9-]*$', maxLength: 64, description: 'Route segment of the create screen /account/new/<Segment>; default the type in lower case' })),
    Organisation: Type.Optional(Type.Boolean({ description: 'Holds users, roles and security settings; offered by the hierarchy picker' })),
    TreeOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 99, description: 'Place among siblings in trees (lower first); default from the parent graph: one more than the highest parent' })),
    Tabs: Type.Optional(Type.Array(LayoutFileTabSchema, { minItems: 1, description: "The account page's tabs in order; default the details tab alone" })),
    IdentificatorPrefix: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$', description: 'New accounts get AccountIdentificator PREFIX-number' })),
    AccountActions: Type.Optional(
      Type.Array(Type.Union(literals(ACCOUNT_ACTIONS)), { uniqueItems: true, description: "The lifecycle actions on its accounts' page (Move, Terminate, Upgrade, Invoice); default Move and Terminate" }),
    ),
    MetaRules: Type.Optional(
      Type.Object(
        {
          MinQuantity: Type.Optional(Type.Integer({ minimum: 0 })),
          MaxQuantity: Type.Optional(Type.Integer({ minimum: 1 })),
          MaxPerCompany: Type.Optional(Type.Integer({ minimum: 1 })),
        },
        { additionalProperties: false },
      ),
    ),
    Wizard: Type.Optional(LayoutFileWizardSchema),
    Pages: Type.Array(LayoutFilePageSchema),
    Texts: Type.Optional(
      Type.Record(Type.String({ pattern: '^[a-z]{2}$' }), Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_.-]*$' }), Type.String({ minLength: 1 })), {
        description: 'Texts of this layout per locale (en required when present); other locales fall back to English',
      }),
    ),
  },
  { additionalProperties: false, $id: 'https://cloud-marketplace.example/schemas/layout.schema.json', title: 'View layout' },
);

export type LayoutFile = Static<typeof LayoutFileSchema>;
export type LayoutFileField = Static<typeof LayoutFileFieldSchema>;
export type LayoutFileContainer = Static<typeof LayoutFileContainerSchema>;
export type LayoutFilePage = Static<typeof LayoutFilePageSchema>;
export type LayoutFileWizard = Static<typeof LayoutFileWizardSchema>;
export type LayoutFileTab = Static<typeof LayoutFileTabSchema>;
