/**
 * Wizards (issue 22): a view layout whose pages are steps, with a review step
 * and one final service call whose parameters come from the values. The layout
 * file declares it (screen-definitions/layouts/wizards/*.json, `Wizard`); GetWizardLayout
 * serves it translated; engine/forms/wizard.ts runs it.
 */
import { Type, type Static } from '@sinclair/typebox';
import { FieldValue } from '../common';
import { FieldConditionSchema, ViewLayoutSchema } from './account-schemas';

const Identifier = (description: string) => Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z][A-Za-z0-9_]*$', description });

/** A dotted path; a number picks an item of a list (-1 the last, e.g. Hierarchy.-1.AccountId). */
const Path = (description: string) => Type.String({ minLength: 1, maxLength: 256, pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.([A-Za-z][A-Za-z0-9_]*|-?[0-9]{1,4}))*$', description });

/** The ways a value is read (a parameter; a shown value adds its format to them). */
const FIELD_VALUE = {
  Field: Identifier('A field of the wizard: its value, or null while the field is hidden'),
  As: Type.Optional(Type.Literal('Instant', { description: "A DateTime field's local date and time sent as an ISO instant" })),
};
const CONTEXT_VALUE = { Context: Identifier('A value the screen hands the wizard, e.g. accountId') };
const FIXED_VALUE = { Value: FieldValue };
const ANSWER_VALUE = {
  Answer: Identifier('The answer of an earlier call (a Calls entry or a source, by its Into)'),
  Path: Type.Optional(Path('Dotted path inside the answer, e.g. Views.Values.Quantity; the whole answer without it')),
};
const ROW_VALUE = {
  Row: Identifier('The Field of a ChooseRow step: the row chosen there'),
  Property: Identifier('The property of the chosen row, e.g. ExistingAccountId'),
};
const closed = { additionalProperties: false } as const;

/** Where a parameter of a call (the final one, a call between steps, a source) takes its value from. */
export const WizardValueSchema = Type.Union([
  Type.Object(FIELD_VALUE, closed),
  Type.Object(CONTEXT_VALUE, closed),
  Type.Object(FIXED_VALUE, { ...closed, description: 'A fixed value' }),
  Type.Object(ANSWER_VALUE, closed),
  Type.Object(ROW_VALUE, closed),
]);

const FORMATS = Type.Union([Type.Literal('Money'), Type.Literal('SignedMoney'), Type.Literal('Presence'), Type.Literal('Count'), Type.Literal('Date'), Type.Literal('DateTime')], {
  description: 'Money in a currency (SignedMoney: with + above 0); Presence: the Present or Absent text; Count: how many a list holds; Date, DateTime: an instant in the reader\'s language',
});
const SHOWN = {
  Format: Type.Optional(FORMATS),
  Texts: Type.Optional(Type.Record(Type.String({ minLength: 1, maxLength: 128 }), Type.String({ minLength: 1 }), { description: 'Value → its text (key in a file), e.g. a reason code → its words' })),
  Present: Type.Optional(Type.String({ minLength: 1, description: 'Presence: text (key in a file) when the value is there' })),
  Absent: Type.Optional(Type.String({ minLength: 1, description: 'Presence: text (key in a file) when it is empty' })),
};
const SHOWN_VALUE = { ...SHOWN, Currency: Type.Optional(WizardValueSchema) };

/** A value shown in a sentence: read as a parameter, written in a format. */
export const WizardShownValueSchema = Type.Union([
  Type.Object({ ...FIELD_VALUE, ...SHOWN_VALUE }, closed),
  Type.Object({ ...CONTEXT_VALUE, ...SHOWN_VALUE }, closed),
  Type.Object({ ...FIXED_VALUE, ...SHOWN_VALUE }, closed),
  Type.Object({ ...ANSWER_VALUE, ...SHOWN_VALUE }, closed),
  Type.Object({ ...ROW_VALUE, ...SHOWN_VALUE }, closed),
]);

/** A sentence with {placeholders} filled from values, shown when When holds (its Field may name an answer path, e.g. process.TargetAccountId). */
export const WizardLineSchema = Type.Object(
  {
    Label: Type.String({ minLength: 1, description: 'Text (key in a file) with {name} placeholders' }),
    When: Type.Optional(FieldConditionSchema),
    Params: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' }), WizardShownValueSchema, { description: 'Placeholder → its value' })),
  },
  { additionalProperties: false },
);

/** A column of a table (a ChooseRow step's, a screen's): a property of the rows. */
export const WizardColumnSchema = Type.Object(
  {
    Property: Identifier('The property of each row, e.g. SalesPrice'),
    Label: Type.String({ minLength: 1, description: 'Column title (key in a file)' }),
    ...SHOWN,
    Currency: Type.Optional(Identifier('Money: the row property holding the currency')),
    Equals: Type.Optional(Type.Object(ANSWER_VALUE, { ...closed, description: 'The cell says Present when the property equals this answer\'s value (e.g. the new account of the final answer), Absent otherwise' })),
    Text: Type.Optional(Type.String({ minLength: 1, description: 'Text (key in a file) with {value}: the cell written in a sentence, e.g. "Request {value}"' })),
    Link: Type.Optional(
      Type.String({ minLength: 2, maxLength: 200, pattern: '^/[^\\s]*$', description: 'A route of the app the cell opens, {Property} filled from the row, e.g. /account/{AccountId}; no link while a property named is empty' }),
    ),
  },
  { additionalProperties: false },
);

/** A parameter: a value, or an object built from values (a form step's values as its base). */
export const WizardParamSchema = Type.Union([
  WizardValueSchema,
  Type.Object(
    {
      Object: Type.Record(Path('Dotted path in the object'), WizardValueSchema, { description: 'Dotted path → where its value comes from' }),
      Values: Type.Optional(Identifier("An AccountForm step's page: the values entered there (by view) as the object's base")),
    },
    { additionalProperties: false, description: 'An object (e.g. viewValues)' },
  ),
]);

const ParamsSchema = Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' }), WizardParamSchema, { description: 'Parameter name → where its value comes from' });

export const WizardActionSchema = Type.Object(
  {
    Service: Identifier('Service of the final call, e.g. Account'),
    Method: Identifier('Method of the final call, e.g. TerminateAccount'),
    Params: ParamsSchema,
    Into: Type.Optional(Identifier("Keeps the final call's answer under this name for the screen's Success line")),
  },
  { additionalProperties: false },
);

const SourceSchema = (offers: string, example: string) =>
  Type.Object(
    {
      Service: Identifier(`Service that offers the ${offers}, e.g. Account`),
      Method: Identifier(`Method that offers them, e.g. ${example}`),
      Params: ParamsSchema,
      List: Identifier(`The property of the answer holding the ${offers}`),
      Into: Type.Optional(Identifier('Keeps the whole answer under this name for later steps, lines and calls')),
    },
    closed,
  );

/**
 * Steps of a kind beyond plain fields.
 * ChooseAccount: the page's Integer field is chosen among the accounts a service
 * offers (a list of AccountId, DisplayName, AccountType and Path, e.g. the
 * parents a move may go under), its parameters taken like the final call's.
 */
export const WizardChooseAccountSchema = Type.Object(
  {
    Page: Identifier('The page this step draws'),
    Kind: Type.Literal('ChooseAccount'),
    Field: Identifier('An Integer field of the page: the chosen account id'),
    Source: SourceSchema('accounts', 'GetPossbileParentsForAccountMove'),
  },
  closed,
);

/** ChooseRow: the page's field is chosen in a table of the rows a service offers (its Value property), the page's other fields under it. */
export const WizardChooseRowSchema = Type.Object(
  {
    Page: Identifier('The page this step draws'),
    Kind: Type.Literal('ChooseRow'),
    Field: Identifier('A String or Integer field of the page: the chosen row\'s Value'),
    Source: SourceSchema('rows', 'GetPossibleProductsForUpgrade'),
    Value: Identifier('The row property the field takes, e.g. ProductName'),
    Columns: Type.Array(WizardColumnSchema, { minItems: 1 }),
    Intro: Type.Optional(WizardLineSchema),
    Empty: Type.Optional(Type.String({ minLength: 1, description: 'Text (key in a file) when no row is offered: Next stays off' })),
  },
  closed,
);

/** AccountForm: the page is an account type's layout form (e.g. the chosen product's), its action and values from earlier answers. */
export const WizardAccountFormSchema = Type.Object(
  {
    Page: Identifier('The page this step draws (a page without containers)'),
    Kind: Type.Literal('AccountForm'),
    AccountType: Identifier('The account type whose layout is drawn, e.g. Product'),
    Action: WizardValueSchema,
    ProductName: Type.Optional(WizardValueSchema),
    AccountId: Type.Optional(WizardValueSchema),
    Views: Type.Optional(WizardValueSchema),
    ParentAccountId: Type.Optional(WizardValueSchema),
    // (the parent a new account would get: its form's options and checks are asked for under it)
    Title: Type.Optional(Type.Array(WizardLineSchema, { minItems: 1, description: 'The heading: the first line whose When holds' })),
  },
  closed,
);

export const WizardStepKindSchema = Type.Union([WizardChooseAccountSchema, WizardChooseRowSchema, WizardAccountFormSchema]);

/** A call between steps: made when Next leaves its page (after the page's checks); its answer is kept under Into. */
export const WizardCallSchema = Type.Object(
  {
    After: Identifier('The page whose Next makes the call'),
    Service: Identifier('Service of the call'),
    Method: Identifier('Method of the call'),
    Params: ParamsSchema,
    Into: Identifier('The name later steps, lines and calls read the answer by'),
  },
  closed,
);

/** A note about the subject: a line in a tone, with a button making a call (e.g. Cancel Termination), the subject read again after it. */
export const WizardNoteSchema = Type.Object(
  {
    ...WizardLineSchema.properties,
    Tone: Type.Optional(Type.Union([Type.Literal('info'), Type.Literal('warning'), Type.Literal('error')], { description: 'The colour of the note; default info' })),
    Button: Type.Optional(
      Type.Object(
        {
          Label: Type.String({ minLength: 1, description: "The button's text (key in a file)" }),
          Service: Identifier('Service of the call, e.g. Account'),
          Method: Identifier('Method of the call, e.g. CancelAccountTermination'),
          Params: ParamsSchema,
          Success: Type.Optional(Type.String({ minLength: 1, description: 'Text (key in a file) shown after the call' })),
        },
        closed,
      ),
    ),
  },
  closed,
);

/** A table of the rows of an answer (e.g. the subscriptions a termination ends): columns of row properties, the first Limit rows and a More line. */
export const WizardTableSchema = Type.Object(
  {
    Rows: Type.Object(ANSWER_VALUE, { ...closed, description: 'The answer (and path) holding the rows' }),
    Title: Type.Optional(Type.String({ minLength: 1, description: 'A heading over the table (key in a file)' })),
    Columns: Type.Array(WizardColumnSchema, { minItems: 1 }),
    Limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'At most this many rows; More tells how many are left' })),
    More: Type.Optional(Type.String({ minLength: 1, description: 'Text (key in a file) with {count}: the rows beyond Limit' })),
  },
  closed,
);

/**
 * The account a wizard screen is about (a route drawing the wizard, /wizard/…?accountId=…, or a route
 * naming it, /upgrade-subscription/:accountId): a picker sets the context value (or the route's path
 * gives it), the source is loaded for it, its account drawn as the heading.
 */
export const WizardSubjectSchema = Type.Object(
  {
    Context: Identifier('The context value the picker sets (and the route query keeps), or a parameter of the route, e.g. accountId'),
    Label: Type.Optional(Type.String({ minLength: 1, description: "The picker's label (key in a file); without it no picker: the route's path names the account" })),
    Source: Type.Object(
      {
        Service: Identifier('Service that tells about the chosen account, e.g. Account'),
        Method: Identifier('Method that tells about it, e.g. GetPossbileParentsForAccountMove'),
        Params: Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' }), Type.Union([Type.Object(CONTEXT_VALUE, closed), Type.Object(FIXED_VALUE, closed)]), {
          description: 'Parameter name → Context or Value (loaded before any step)',
        }),
        Into: Identifier('The name lines, conditions and calls read the answer by'),
        Account: Type.Optional(Path('Dotted path of the answer to the account (AccountId, DisplayName, AccountType) drawn as the heading; the whole answer without it')),
        Name: Type.Optional(Path("Dotted path inside the account to its name, e.g. Views.Values.DisplayName; default DisplayName")),
      },
      closed,
    ),
    Tags: Type.Optional(Type.Array(WizardLineSchema, { minItems: 1, description: 'Short words beside the heading while their When holds (e.g. Terminated)' })),
    Lines: Type.Optional(Type.Array(WizardLineSchema, { minItems: 1, description: 'Sentences under the heading while their When holds (e.g. what goes with it)' })),
    Tables: Type.Optional(Type.Array(WizardTableSchema, { minItems: 1, description: 'Tables of what the answer lists, under the heading' })),
    Stop: Type.Optional(Type.Array(WizardNoteSchema, { minItems: 1, description: 'Notes shown instead of the steps while their When holds (the first that holds)' })),
    Notes: Type.Optional(Type.Array(WizardNoteSchema, { minItems: 1, description: 'Notes shown above the steps while their When holds' })),
  },
  closed,
);

/** What the screen shows instead of the steps once the final call is done: a success note (the first line that holds) and tables of the answers. */
export const WizardOutcomeSchema = Type.Object(
  {
    Lines: Type.Optional(Type.Array(WizardLineSchema, { minItems: 1, description: 'The success note: the first line whose When holds (it may read the final answer, kept under Action.Into)' })),
    Tables: Type.Optional(Type.Array(WizardTableSchema, { minItems: 1, description: 'Tables of what the answers list, e.g. the accounts the final call changed' })),
  },
  closed,
);

/** What a route drawing the wizard shows around its steps: title, intro, the account it is about, the message after the final call. */
export const WizardScreenSchema = Type.Object(
  {
    Title: Type.String({ minLength: 1, description: 'The heading (key in a file)' }),
    Intro: Type.Optional(Type.String({ minLength: 1, description: 'A sentence under the heading (key in a file)' })),
    Subject: Type.Optional(WizardSubjectSchema),
    Danger: Type.Optional(Type.Boolean({ description: 'The final call destroys something: its button in the error colour' })),
    Success: Type.Optional(Type.Array(WizardLineSchema, { minItems: 1, description: 'The message after the final call: the first line whose When holds' })),
    Outcome: Type.Optional(WizardOutcomeSchema),
  },
  closed,
);

export const WizardLayoutSchema = Type.Object(
  {
    Name: Type.String({ description: 'The layout name, e.g. wizards/terminate' }),
    /** The steps: the layout's pages for CREATE, translated. */
    Layout: ViewLayoutSchema,
    Review: Type.Optional(
      Type.Object({
        Title: Type.String(),
        Page: Type.Optional(Type.String({ description: 'The page drawn under the summary in the review step' })),
        Lines: Type.Optional(Type.Array(WizardLineSchema, { description: 'Sentences shown instead of the list of values' })),
      }, closed),
    ),
    Steps: Type.Optional(Type.Array(WizardStepKindSchema, { description: 'Pages drawn as a step of a special kind' })),
    Calls: Type.Optional(Type.Array(WizardCallSchema)),
    Action: WizardActionSchema,
    Screen: Type.Optional(WizardScreenSchema),
    SubmitLabels: Type.Array(Type.Object({ Label: Type.String(), When: Type.Optional(FieldConditionSchema) }, closed), {
      description: 'The final button: the first label whose When holds',
    }),
  },
  closed,
);

export type WizardValue = Static<typeof WizardValueSchema>;
export type WizardParam = Static<typeof WizardParamSchema>;
export type WizardShownValue = Static<typeof WizardShownValueSchema>;
export type WizardLine = Static<typeof WizardLineSchema>;
export type WizardColumn = Static<typeof WizardColumnSchema>;
export type WizardStepKind = Static<typeof WizardStepKindSchema>;
export type WizardChooseAccount = Static<typeof WizardChooseAccountSchema>;
export type WizardChooseRow = Static<typeof WizardChooseRowSchema>;
export type WizardAccountForm = Static<typeof WizardAccountFormSchema>;
export type WizardCall = Static<typeof WizardCallSchema>;
export type WizardNote = Static<typeof WizardNoteSchema>;
export type WizardTable = Static<typeof WizardTableSchema>;
export type WizardSubject = Static<typeof WizardSubjectSchema>;
export type WizardOutcome = Static<typeof WizardOutcomeSchema>;
export type WizardScreen = Static<typeof WizardScreenSchema>;
export type WizardLayout = Static<typeof WizardLayoutSchema>;
