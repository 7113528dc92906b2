/**
 * Provisioning service (spec §7): the requests grid with its metadata, the
 * account's requests, and the five actions with their state machine.
 */
import { defineHandlers } from '../define-handlers';
import { runProvisioningAction } from './provisioning-actions';
import { readAccountRequests, readMetadataCounts, readRequestPage, requestScope } from './provisioning-query';

export const provisioningHandlers = defineHandlers('Provisioning', {
  async GetProvisioningRequestsFilter(ctx, { query, accountId }) {
    return readRequestPage(ctx.db, await requestScope(ctx, 'Read', accountId), query);
  },
  async GetProvisioningMetadata(ctx, { accountId }) {
    return readMetadataCounts(ctx.db, await requestScope(ctx, 'Read', accountId));
  },
  async GetAccountProvisioningRequests(ctx, { accountId }) {
    return readAccountRequests(ctx.db, await requestScope(ctx, 'Read', accountId));
  },
  CancelProvisioningRequest: (ctx, { requestList }) => runProvisioningAction(ctx, 'cancel', requestList),
  CompleteProvisioningRequest: (ctx, { requestList }) => runProvisioningAction(ctx, 'complete', requestList),
  EscalateProvisioningRequest: (ctx, { requestList }) => runProvisioningAction(ctx, 'escalate', requestList),
  ResubmitProvisioningRequest: (ctx, { requestList }) => runProvisioningAction(ctx, 'resubmit', requestList),
  RetryProvisioningRequest: (ctx, { requestList }) => runProvisioningAction(ctx, 'retry', requestList),
});
