/** The filters of a screen definition. (part of definition-schema.ts) */
import { Type } from '@sinclair/typebox';
import { FieldName, TextRefSchema } from './common';
import { ValueKindSchema } from './columns';

export const FilterInputSchema = Type.Union(
  [
    Type.Literal('text'),
    Type.Literal('number'),
    Type.Literal('select'),
    Type.Literal('multiSelect'),
    Type.Literal('boolean'),
    Type.Literal('dateRange'),
  ],
  { description: 'Input of the filter form; text uses its operator, select/multiSelect/boolean compare with in, dateRange with inRange, number with equals' },
);

const OptionSchema = Type.Object({ value: Type.Union([Type.String(), Type.Number(), Type.Boolean()]), label: TextRefSchema }, { additionalProperties: false });

export const FilterSchema = Type.Object(
  {
    field: FieldName,
    label: TextRefSchema,
    input: FilterInputSchema,
    operator: Type.Optional(Type.Union([Type.Literal('equals'), Type.Literal('startsWith'), Type.Literal('contains')], { description: 'text only; default equals' })),
    options: Type.Optional(
      Type.Union([
        Type.Array(OptionSchema, { minItems: 1, description: 'Fixed options' }),
        Type.Object(
          {
            metadata: Type.String({ minLength: 1, description: 'Property of the data source metadata result: an array of values, or of {Value, Count}' }),
            labelPrefix: Type.Optional(Type.String({ description: 'Translation key prefix for the values (as in status columns)' })),
            valueKind: Type.Optional(ValueKindSchema),
          },
          { additionalProperties: false },
        ),
      ]),
    ),
  },
  { additionalProperties: false },
);
