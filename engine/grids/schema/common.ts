/** Shared pieces of the screen-definition format: texts, capability requirements, parameter bindings, filter operators. (part of definition-schema.ts) */
import { Type, type TSchema } from '@sinclair/typebox';
import { CapabilityObjectTypes } from '../../../contract/capabilities';

export const describe = <T extends TSchema>(schema: T, description: string): T => ({ ...schema, description });

/** A text shown to users: a key of the client locales, or the text itself per locale (en required). */
export const TextRefSchema = Type.Union(
  [
    Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z][\\w-]*(\\.[\\w-]+)+$', description: 'Translation key, e.g. grids.provisioning.title' }),
    Type.Unsafe<{ en: string; [locale: string]: string }>({
      type: 'object',
      description: 'Inline texts per locale code; en is the fallback',
      required: ['en'],
      properties: { en: { type: 'string', minLength: 1 } },
      patternProperties: { '^[a-z]{2}$': { type: 'string', minLength: 1 } },
      additionalProperties: false,
    }),
  ],
  { description: 'A translation key or inline texts per locale' },
);

export const FieldName = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_]*$', description: 'Field of a row (PascalCase, as the service returns it)' });
export const ServiceRef = {
  service: Type.String({ minLength: 1, description: 'Service of the catalogue (contract), e.g. Provisioning; PublicAddress: a public JSON address of the portal read with GET (engine/grids/addresses.ts)' }),
  method: Type.String({ minLength: 1, description: 'Method of that service; for PublicAddress the same-origin path, e.g. /status.json' }),
};

export const CapabilityRefSchema = Type.Object(
  {
    objectType: Type.Union(CapabilityObjectTypes.map((name) => Type.Literal(name))),
    flag: Type.Union([Type.Literal('Read'), Type.Literal('Execute'), Type.Literal('Create'), Type.Literal('Delete')]),
  },
  { additionalProperties: false },
);

export const AccessSchema = Type.Object(
  {
    anyOf: Type.Optional(Type.Array(CapabilityRefSchema, { minItems: 1, description: 'At least one must be held' })),
    allOf: Type.Optional(Type.Array(CapabilityRefSchema, { minItems: 1, description: 'Every one must be held' })),
    anyone: Type.Optional(
      Type.Literal(true, { description: 'A definition\'s access only: anyone opens it, signed in or not (a public page; every method it calls must be public, checked)' }),
    ),
  },
  { additionalProperties: false, description: 'Capabilities needed (spec §5: OR and AND only)' },
);

/** Where a body parameter's value comes from: the screen's context (route parameters) or a constant. */
export const ParamBindingSchema = Type.Union([
  Type.Object(
    {
      context: Type.String({ minLength: 1, description: 'Name of a context value, e.g. the route parameter accountId' }),
      type: Type.Optional(Type.Union([Type.Literal('integer'), Type.Literal('string')], { description: 'Convert the context text; default integer' })),
      optional: Type.Optional(Type.Boolean({ description: 'Leave the parameter out when the context lacks it' })),
    },
    { additionalProperties: false },
  ),
  Type.Object({ value: Type.Unknown({ description: 'A constant JSON value' }) }, { additionalProperties: false }),
]);

/** Body parameters by dotted path (`inputDto.MarketplaceId`, `query.accountId`). */
export const ParamBindings = Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)*$' }), ParamBindingSchema);

export const FilterOperatorSchema = Type.Union(
  [Type.Literal('equals'), Type.Literal('startsWith'), Type.Literal('contains'), Type.Literal('in'), Type.Literal('inRange')],
  { description: 'How a filter compares: equals, startsWith, contains (text), in (one of the chosen values), inRange (from/to)' },
);

/** Value kinds whose values have a symbol of their own (renderers/grids/cells/KindIcon.tsx draws them). */
export const ICON_KINDS = ['accountType', 'mfaMethodType'] as const;
export type IconKind = (typeof ICON_KINDS)[number];

/** A symbol before a row's name, by the value of one of its fields (an account's type). */
export const IconSchema = Type.Object(
  {
    field: FieldName,
    valueKind: Type.Union(ICON_KINDS.map((kind) => Type.Literal(kind)), { description: `A value kind with symbols: ${ICON_KINDS.join(', ')}` }),
  },
  { additionalProperties: false, description: 'A symbol per value of the field (its label as the symbol\'s title)' },
);

/** A refusal the user may confirm: its message is asked about, and the call sent again with confirmParam. */
export const ConflictSchema = Type.Object(
  {
    status: Type.Integer({ minimum: 400, maximum: 499, description: 'The refusal that asks for confirmation (its message is shown)' }),
    confirmParam: Type.String({ minLength: 1, description: 'Body parameter (dotted path) set when sent again: true, or the countHeader\'s number' }),
    countHeader: Type.Optional(
      Type.String({ pattern: '^[a-z][a-z0-9-]*$', description: 'A header of the refusal holding a number (e.g. the users a change signs out): sent back as confirmParam, {{count}} of confirmLabel; a refusal without it is a plain failure' }),
    ),
    title: TextRefSchema,
    confirmLabel: TextRefSchema,
  },
  { additionalProperties: false, description: 'A refusal the user may confirm: the call is sent again with confirmParam' },
);
