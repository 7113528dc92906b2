import { Type } from '@sinclair/typebox';
import { AccountId, method, needs, Opt } from '../define';
import { Base64File, CurrencyCode, FileName, FileResultSchema, Id, Name } from '../common';

/** Spec §5 order files: doc, docx, xls, xlsx, pdf; the handler refuses other types with "File format not supported". */
const AttachmentFileName = FileName('doc, docx, xls, xlsx or pdf');

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
  /** Set when the attachment's content is stored (DownloadCustomChargeAttachment). */
  AttachmentFileId: Type.Union([Type.Integer(), Type.Null()]),
  CreatedBy: Type.String(),
  DateCreated: Type.String({ format: 'date-time' }),
  Status: Type.Union([Type.Literal('PendingBilling'), Type.Literal('Billed')]),
  /** The last day of the month whose invoice holds it, once Billed. */
  InvoicePeriodEnd: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  /** Only Pending billing charges may be deleted (spec §4). */
  CanDelete: Type.Boolean(),
});

export const CustomCharges = {
  AddCustomCharge: method({
    summary: "Add a custom charge to an account's next invoice; the handler checks customCharge.AccountId against the caller's hierarchy.",
    params: { customCharge: CustomChargeSchema },
    result: CustomChargeRowSchema,
    access: needs('CUSTOM_CHARGES', 'Create'),
    refusals: [409],
  }),
  DeleteCustomChargeById: method({
    summary: "Delete a custom charge that is still pending billing; the handler checks its account against the caller's hierarchy.",
    params: { customChargeId: Id('Custom charge id') },
    result: Type.Null(),
    access: needs('CUSTOM_CHARGES', 'Delete'),
    refusals: [404, 409],
  }),
  ListCustomChargesForAccount: method({
    summary: 'The custom charges of an account.',
    params: { accountId: AccountId() },
    result: Type.Array(CustomChargeRowSchema),
    access: needs('CUSTOM_CHARGES', 'Read', 'accountId'),
  }),
  // Extension (not in spec §7): the stored attachment of a custom charge.
  DownloadCustomChargeAttachment: method({
    summary: "The attached file of a custom charge; the handler checks its account against the caller's hierarchy.",
    params: { customChargeId: Id('Custom charge id') },
    result: FileResultSchema,
    access: needs('CUSTOM_CHARGES', 'Read'),
    refusals: [404],
    extension: true,
  }),
};
