/**
 * Wizards (issue 22): a view layout whose pages are steps, with a review step
 * and one final service call whose parameters come from the values. The layout
 * file declares it (server/layouts/wizards/*.json, `Wizard`); GetWizardLayout
 * serves it translated; engine/forms/wizard.ts runs it.
 */
import { Type, type Static } from '@sinclair/typebox';
import { FieldValue } from '../common';
import { FieldConditionSchema, ViewLayoutSchema } from './account-schemas';

const Identifier = (description: string) => Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z][A-Za-z0-9_]*$', description });

/** Where a parameter of the final call takes its value from. */
export const WizardParamSchema = Type.Union([
  Type.Object(
    {
      Field: Identifier('A field of the wizard: its value, or null while the field is hidden'),
      As: Type.Optional(Type.Literal('Instant', { description: "A DateTime field's local date and time sent as an ISO instant" })),
    },
    { additionalProperties: false },
  ),
  Type.Object({ Context: Identifier('A value the screen hands the wizard, e.g. accountId') }, { additionalProperties: false }),
  Type.Object({ Value: FieldValue }, { additionalProperties: false, description: 'A fixed value' }),
]);

export const WizardActionSchema = Type.Object(
  {
    Service: Identifier('Service of the final call, e.g. Account'),
    Method: Identifier('Method of the final call, e.g. TerminateAccount'),
    Params: Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' }), WizardParamSchema, { description: 'Parameter name → where its value comes from' }),
  },
  { additionalProperties: false },
);

/**
 * A step of a kind beyond plain fields. ChooseAccount: the page's Integer field
 * is chosen among the accounts a service offers (a list of AccountId,
 * DisplayName, AccountType and Path, e.g. the parents a move may go under), its
 * parameters taken like the final call's.
 */
export const WizardStepKindSchema = Type.Object(
  {
    Page: Identifier('The page this step draws'),
    Kind: Type.Literal('ChooseAccount'),
    Field: Identifier('An Integer field of the page: the chosen account id'),
    Source: Type.Object(
      {
        Service: Identifier('Service that offers the accounts, e.g. Account'),
        Method: Identifier('Method that offers them, e.g. GetPossbileParentsForAccountMove'),
        Params: Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' }), WizardParamSchema, { description: 'Parameter name → where its value comes from' }),
        List: Identifier('The property of the answer holding the accounts, e.g. Parents'),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
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
      }, { additionalProperties: false }),
    ),
    Steps: Type.Optional(Type.Array(WizardStepKindSchema, { description: 'Pages drawn as a step of a special kind' })),
    Action: WizardActionSchema,
    SubmitLabels: Type.Array(Type.Object({ Label: Type.String(), When: Type.Optional(FieldConditionSchema) }, { additionalProperties: false }), {
      description: 'The final button: the first label whose When holds',
    }),
  },
  { additionalProperties: false },
);

export type WizardParam = Static<typeof WizardParamSchema>;
export type WizardStepKind = Static<typeof WizardStepKindSchema>;
export type WizardLayout = Static<typeof WizardLayoutSchema>;
