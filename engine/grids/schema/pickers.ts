/** Option sources, context pickers and add panels of a screen definition. (part of definition-schema.ts) */
import { Type } from '@sinclair/typebox';
import { AccessSchema, FieldName, ParamBindings, ServiceRef, TextRefSchema, describe } from './common';

/** Values offered from a method: a toolbar picker's choices, or what an add panel offers as the user types. */
export const OptionsSourceSchema = Type.Object(
  {
    ...ServiceRef,
    params: Type.Optional(ParamBindings),
    rowsPath: Type.Optional(Type.String({ minLength: 1, description: 'Property of the result holding the rows; the result itself when absent' })),
    valueField: describe(FieldName, 'Field of an option that is its value'),
    labelFields: Type.Array(FieldName, { minItems: 1, maxItems: 3, description: 'Fields shown as the option\'s text, joined with ·' }),
    detailField: Type.Optional(describe(FieldName, 'Field shown small under the text (e.g. the path above an account)')),
    searchParam: Type.Optional(Type.String({ minLength: 1, description: 'Body parameter receiving the typed text: the options are searched as the user types' })),
  },
  { additionalProperties: false },
);

/** A source or target chosen in the toolbar (the pricelist whose customers are shown): its value joins the context the data source binds. */
export const ContextPickerSchema = Type.Object(
  {
    context: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$', description: 'Context value the choice sets (bound by dataSource.params); the first option when the context has none' }),
    label: TextRefSchema,
    options: OptionsSourceSchema,
    empty: Type.Optional(describe(TextRefSchema, 'Said instead of the rows when there is nothing to choose')),
  },
  { additionalProperties: false, description: 'A picker in the toolbar choosing a context value; the rows follow the choice' },
);

/** A form above the rows that adds to them: values picked from a method, sent in one call, then the rows reload. */
export const AddPanelSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][A-Za-z0-9]*$' }),
    label: describe(TextRefSchema, 'The button that sends the chosen values'),
    help: Type.Optional(TextRefSchema),
    requires: AccessSchema,
    ...ServiceRef,
    params: Type.Optional(ParamBindings),
    valuesParam: Type.String({ minLength: 1, description: 'Body parameter (dotted path) receiving the list of chosen values' }),
    picker: Type.Object({ label: TextRefSchema, options: OptionsSourceSchema }, { additionalProperties: false, description: 'Chooses the values one at a time; each joins the list' }),
    done: describe(TextRefSchema, 'Shown after the call; may use {{count}}, the number of values sent'),
  },
  { additionalProperties: false },
);
