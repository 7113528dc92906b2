import { Type } from '@sinclair/typebox';
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
    summary: 'The provisioning requests of one account.',
    params: { accountId: AccountId() },
    access: provisioning('Read', 'accountId'),
  }),
};
