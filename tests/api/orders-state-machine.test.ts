import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { insertPendingOrder, startServerWithFixture, type FixtureServer } from './orders-support';

interface Order {
  Id: number;
  CreatorUserId: number;
  CreatorName: string;
  ParentAccountId: number;
  ApprovalStatus: string;
  Reason: string | null;
  UpdatedBy: string | null;
  ProductName: string | null;
  Quantity: number;
  ProvisioningRequestId: number | null;
  ProvisioningStatus: string | null;
  CanApprove: boolean;
  CanCancel: boolean;
  Files: { Id: number | null; Name: string; Size: number }[];
}

let server: FixtureServer;
let companyAdmin: ApiClient;
let manager: ApiClient;
let companyAdminId: number;
/** An order account.manager placed for Contoso (on the customer's behalf). */
let managersOrderId: number;

const list = async (api: ApiClient, method = 'ListCreditCheckOrders') => {
  const result = await api.call<Order[]>('CreditCheck', method, {});
  expect(result.status, result.message).toBe(200);
  return result.body;
};
const find = async (api: ApiClient, id: number) => (await list(api)).find((order) => order.Id === id);

beforeAll(async () => {
  server = await startServerWithFixture(async (db) => {
    managersOrderId = await insertPendingOrder(db, 'account.manager');
  });
  companyAdmin = await server.signedIn('company.admin');
  manager = await server.signedIn('account.manager');
  companyAdminId = (await companyAdmin.call<{ UserAccountId: number }>('Authorization', 'GetCurrentUser', {})).body.UserAccountId;
});
afterAll(() => server?.close());

/** Pending Contoso orders: the even seeded ones were placed by company.admin, others by colleagues. */
async function pendingOrders() {
  const orders = (await list(companyAdmin)).filter((order) => order.ApprovalStatus === 'Pending');
  return {
    own: orders.filter((order) => order.CreatorUserId === companyAdminId),
    others: orders.filter((order) => order.CreatorUserId !== companyAdminId),
  };
}

describe('credit-check orders', () => {
  it('lists the company orders, and the pending ones for the account manager', async () => {
    const mine = await list(companyAdmin);
    expect(mine.length).toBeGreaterThan(5);
    const review = await list(manager, 'ListCreditCheckOrdersForApproval');
    expect(review.length).toBeGreaterThan(0);
    expect(review.every((order) => order.ApprovalStatus === 'Pending')).toBe(true);
    // The reviewer may approve all of them except the one it placed itself.
    expect(review.filter((order) => !order.CanApprove).map((order) => order.Id)).toEqual([managersOrderId]);
    // company.admin may not review; account.manager has no company-orders list.
    expect((await companyAdmin.call('CreditCheck', 'ListCreditCheckOrdersForApproval', {})).status).toBe(403);
    expect((await manager.call('CreditCheck', 'ListCreditCheckOrders', {})).status).toBe(403);
  });

  it('approval by the account manager starts a provisioning request for the ordered product', async () => {
    const { own } = await pendingOrders();
    const order = own[0];
    const approved = await manager.call<Order>('CreditCheck', 'ApproveCreditCheckOrder', { request: { OrderId: order.Id, Comment: 'Payment history is good.' } });
    expect(approved.status, approved.message).toBe(200);
    expect(approved.body).toMatchObject({ ApprovalStatus: 'Approved', UpdatedBy: 'Pieter Jansen', Reason: 'Payment history is good.', ProvisioningStatus: 'Pending', CanApprove: false });
    expect(approved.body.ProvisioningRequestId).toBeGreaterThan(0);
    // The orderer sees it approved, with its provisioning request.
    expect(await find(companyAdmin, order.Id)).toMatchObject({ ApprovalStatus: 'Approved', ProvisioningRequestId: approved.body.ProvisioningRequestId, CanCancel: false });

    // A decided order cannot change again.
    for (const [method, request] of [
      ['ApproveCreditCheckOrder', { OrderId: order.Id }],
      ['DeclineCreditCheckOrder', { OrderId: order.Id, Reason: 'Too late' }],
    ] as const) {
      expect(await manager.call('CreditCheck', method, { request })).toMatchObject({ status: 409, message: 'Only a pending order can be changed.' });
    }
    expect(await companyAdmin.call('CreditCheck', 'CancelCreditCheckOrder', { request: { OrderId: order.Id } })).toMatchObject({ status: 409 });
    expect(await find(companyAdmin, order.Id)).toMatchObject({ ApprovalStatus: 'Approved', Reason: 'Payment history is good.' });
  });

  it('rejection needs a reason', async () => {
    const { own } = await pendingOrders();
    const order = own[0];
    const blank = await manager.call('CreditCheck', 'DeclineCreditCheckOrder', { request: { OrderId: order.Id, Reason: '   ' } });
    expect(blank).toMatchObject({ status: 400, message: 'Enter a reason for the rejection.' });
    const missing = await manager.call('CreditCheck', 'DeclineCreditCheckOrder', { request: { OrderId: order.Id } });
    expect(missing.status).toBe(400);
    expect((await find(companyAdmin, order.Id))?.ApprovalStatus).toBe('Pending');
    const declined = await manager.call<Order>('CreditCheck', 'DeclineCreditCheckOrder', { request: { OrderId: order.Id, Reason: 'Credit limit exceeded.' } });
    expect(declined).toMatchObject({ status: 200, body: { ApprovalStatus: 'Rejected', Reason: 'Credit limit exceeded.', ProvisioningRequestId: null } });
  });

  it('only the creator cancels, and only while pending', async () => {
    const { own, others } = await pendingOrders();
    const foreign = others[0];
    expect(foreign).toBeDefined();
    const refused = await companyAdmin.call('CreditCheck', 'CancelCreditCheckOrder', { request: { OrderId: foreign.Id } });
    expect(refused).toMatchObject({ status: 403, message: 'Only the user who placed this order can cancel it.' });
    expect((await find(companyAdmin, foreign.Id))?.ApprovalStatus).toBe('Pending');

    const cancelled = await companyAdmin.call<Order>('CreditCheck', 'CancelCreditCheckOrder', { request: { OrderId: own[0].Id } });
    expect(cancelled).toMatchObject({ status: 200, body: { ApprovalStatus: 'Cancelled', CanCancel: false } });
    expect(await manager.call('CreditCheck', 'ApproveCreditCheckOrder', { request: { OrderId: own[0].Id } })).toMatchObject({ status: 409 });
  });

  it('refuses approving or rejecting your own order, and changes nothing', async () => {
    const own = await manager.call('CreditCheck', 'ApproveCreditCheckOrder', { request: { OrderId: managersOrderId } });
    expect(own).toMatchObject({ status: 403, message: 'You cannot approve or reject your own order.' });
    const ownReject = await manager.call('CreditCheck', 'DeclineCreditCheckOrder', { request: { OrderId: managersOrderId, Reason: 'No' } });
    expect(ownReject).toMatchObject({ status: 403, message: 'You cannot approve or reject your own order.' });
    const review = await list(manager, 'ListCreditCheckOrdersForApproval');
    expect(review.find((order) => order.Id === managersOrderId)).toMatchObject({ ApprovalStatus: 'Pending', CanApprove: false, ProvisioningRequestId: null });
    // Someone else may approve it.
    const root = await server.signedIn('root.admin');
    const approved = await root.call<Order>('CreditCheck', 'ApproveCreditCheckOrder', { request: { OrderId: managersOrderId } });
    expect(approved).toMatchObject({ status: 200, body: { ApprovalStatus: 'Approved', ProvisioningStatus: 'Pending' } });
  });

  it('refuses reviewers without the capability, orders out of reach and unknown orders', async () => {
    const { own } = await pendingOrders();
    expect((await companyAdmin.call('CreditCheck', 'ApproveCreditCheckOrder', { request: { OrderId: own[0].Id } })).status).toBe(403);
    // vendor.admin (Adatum) reaches no customer: even with the capability the order would be out of scope.
    const vendor = await server.signedIn('vendor.admin');
    expect((await vendor.call('CreditCheck', 'GenerateOrderInvoicePdf', { request: { OrderId: own[0].Id } })).status).toBe(403);
    expect(await manager.call('CreditCheck', 'ApproveCreditCheckOrder', { request: { OrderId: 999_999 } })).toMatchObject({ status: 404, message: 'The order was not found.' });
    expect((await find(companyAdmin, own[0].Id))?.ApprovalStatus).toBe('Pending');
  });
});
