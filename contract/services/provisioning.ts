import { Type, type TSchema } from '@sinclair/typebox';
import { AccountId, method, needsAny, Opt, type CapabilityFlag } from '../define';
import { GridPageSchema, GridQuery, IdList } from '../common';

/** Either provisioning object type is enough (spec §6). */
const provisioning = (flag: CapabilityFlag, ...scope: string[]) =>
  needsAny(
    [
      { objectType: 'FAILED_PROVISIONING', flag },
      { objectType: 'FAILED_PROVISIONING_OWNED', flag },
    ],
    ...scope,
  );

const requestList = () => IdList('Provisioning request ids (bulk action on the selected rows)');

export const BulkActionResultSchema = Type.Object({
  Succeeded: Type.Array(Type.Integer()),
  Failed: Type.Array(Type.Object({ Id: Type.Integer(), Message: Type.String() })),
});

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** One provisioning request as the grid and the account tab show it (spec §3). */
export const ProvisioningRequestRowSchema = Type.Object({
  Id: Type.Integer(),
  AccountId: Type.Integer(),
  AccountName: Nullable(Type.String()),
  CompanyAccountId: Nullable(Type.Integer()),
  CompanyName: Nullable(Type.String()),
  CustomerId: Nullable(Type.String()),
  SubscriptionId: Nullable(Type.String()),
  OrderId: Nullable(Type.String()),
  SdpOrderId: Nullable(Type.String()),
  OrderAction: Type.String(),
  OrderTarget: Nullable(Type.String()),
  OrderStatus: Type.String({ description: 'Pending, In progress, Completed, Failed, Cancelled or Escalated' }),
  ProductStatus: Nullable(Type.String()),
  IsFinalStatus: Type.Boolean(),
  IsRollbackCompleted: Type.Boolean(),
  CreationDate: Type.String({ format: 'date-time' }),
  LastSentDate: Nullable(Type.String({ format: 'date-time' })),
  ErrorMessage: Nullable(Type.String()),
  ErrorDetails: Nullable(Type.String()),
  ResponseHistory: Type.Array(
    Type.Object({ Timestamp: Type.String(), Status: Type.String(), Message: Type.String(), HttpStatus: Type.Optional(Type.Integer()) }),
  ),
});

const ValueCount = Type.Object({ Value: Type.String(), Count: Type.Integer({ minimum: 0 }) });

export const ProvisioningMetadataSchema = Type.Object({
  OrderStatuses: Type.Array(ValueCount, { description: 'Every status with its number of requests in reach' }),
  OrderActions: Type.Array(ValueCount, { description: 'Every order action with its number of requests in reach' }),
  FinalStatuses: Type.Array(Type.String(), { description: 'Statuses after which nothing can be done' }),
  TotalCount: Type.Integer({ minimum: 0 }),
});

export const Provisioning = {
  GetProvisioningRequestsFilter: method({
    summary: 'One page of provisioning requests, filtered and sorted on the server, optionally for one account.',
    params: {
      query: GridQuery('Provisioning grid page request'),
      accountId: Opt(AccountId('Only requests of this account and below; all the caller may see when absent')),
    },
    result: GridPageSchema,
    access: provisioning('Read', 'accountId'),
  }),
  GetProvisioningMetadata: method({
    summary: 'The filter values (statuses, actions, targets) of the provisioning grid.',
    params: { accountId: Opt(AccountId('Limit the values to this account and below')) },
    result: ProvisioningMetadataSchema,
    access: provisioning('Read', 'accountId'),
  }),
  CancelProvisioningRequest: method({
    summary: "Cancel provisioning requests; the handler checks each request's account against the caller's hierarchy.",
    params: { requestList: requestList() },
    result: BulkActionResultSchema,
    access: provisioning('Execute'),
  }),
  CompleteProvisioningRequest: method({
    summary: "Mark provisioning requests as completed; the handler checks each request's account against the caller's hierarchy.",
    params: { requestList: requestList() },
    result: BulkActionResultSchema,
    access: provisioning('Execute'),
  }),
  ResubmitProvisioningRequest: method({
    summary: "Send provisioning requests again as new requests; the handler checks each request's account against the caller's hierarchy.",
    params: { requestList: requestList() },
    result: BulkActionResultSchema,
    access: provisioning('Execute'),
  }),
  RetryProvisioningRequest: method({
    summary: "Retry failed provisioning requests; the handler checks each request's account against the caller's hierarchy.",
    params: { requestList: requestList() },
    result: BulkActionResultSchema,
    access: provisioning('Execute'),
  }),
  EscalateProvisioningRequest: method({
    summary: "Escalate provisioning requests to support; the handler checks each request's account against the caller's hierarchy.",
    params: { requestList: requestList() },
    result: BulkActionResultSchema,
    access: provisioning('Execute'),
  }),
  GetAccountProvisioningRequests: method({
    summary: 'The provisioning requests of one account and the accounts below it, newest first (at most 1000, with the total).',
    params: { accountId: AccountId() },
    result: Type.Object({ Rows: Type.Array(ProvisioningRequestRowSchema), TotalCount: Type.Integer({ minimum: 0 }) }),
    access: provisioning('Read', 'accountId'),
  }),
};
