import { Type } from '@sinclair/typebox';
import { AccountId, method, needs, Opt } from '../define';
import { Base64File, CurrencyCode, Id, Name } from '../common';

/** Spec §5 order files: doc, docx, xls, xlsx, pdf. */
const AttachmentFileName = Type.String({
  minLength: 5,
  maxLength: 255,
  pattern: '^[^/\\\\]+\\.([dD][oO][cC][xX]?|[xX][lL][sS][xX]?|[pP][dD][fF])$',
  examples: ['order.pdf'],
  description: 'doc, docx, xls, xlsx or pdf',
});

/** A one-off charge (positive or negative) added to the next invoice of an account (spec §3, §4, §5). */
export const CustomChargeSchema = Type.Object(
  {
    Name: Name(256),
    Price: Type.Number({ description: 'Amount billed; may be negative' }),
    Cost: Type.Number({ description: 'Amount paid to the vendor; may be negative' }),
    Currency: Opt(CurrencyCode("Default the account's currency")),
    AccountId: AccountId('Account the charge is billed to'),
    Attachment: Opt(
      Type.Object({ FileName: AttachmentFileName, Content: Base64File() }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);

export const CustomChargeRowSchema = Type.Object({
  Id: Type.Integer(),
  Name: Type.String(),
  Price: Type.Number(),
  Cost: Type.Number(),
  Currency: Type.String(),
  AttachmentName: Type.Union([Type.String(), Type.Null()]),
  CreatedBy: Type.String(),
  DateCreated: Type.String({ format: 'date-time' }),
  Status: Type.Union([Type.Literal('PendingBilling'), Type.Literal('Billed')]),
});

export const CustomCharges = {
  AddCustomCharge: method({
    summary: "Add a custom charge to an account's next invoice; the handler checks customCharge.AccountId against the caller's hierarchy.",
    params: { customCharge: CustomChargeSchema },
    result: CustomChargeRowSchema,
    access: needs('CUSTOM_CHARGES', 'Create'),
  }),
  DeleteCustomChargeById: method({
    summary: "Delete a custom charge that is still pending billing; the handler checks its account against the caller's hierarchy.",
    params: { customChargeId: Id('Custom charge id') },
    access: needs('CUSTOM_CHARGES', 'Delete'),
  }),
  ListCustomChargesForAccount: method({
    summary: 'The custom charges of an account.',
    params: { accountId: AccountId() },
    result: Type.Array(CustomChargeRowSchema),
    access: needs('CUSTOM_CHARGES', 'Read', 'accountId'),
  }),
};
