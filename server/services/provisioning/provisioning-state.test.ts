import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './provisioning-query';
import { ALLOWED_FROM, canApply, isFinal, PROVISIONING_ACTIONS, productStatusAfter, RESULT_STATUS } from './provisioning-state';

describe('provisioning state machine', () => {
  it('never acts on a request with a final status', () => {
    for (const action of PROVISIONING_ACTIONS) {
      expect(canApply(action, 'Completed'), action).toBe(false);
      expect(canApply(action, 'Cancelled'), action).toBe(false);
    }
  });

  it('retries only failed or escalated requests', () => {
    expect(ORDER_STATUSES.filter((status) => canApply('retry', status))).toEqual(['Failed', 'Escalated']);
  });

  it('completes and cancels every open request', () => {
    for (const action of ['complete', 'cancel'] as const) {
      expect(ORDER_STATUSES.filter((status) => canApply(action, status))).toEqual(ORDER_STATUSES.filter((status) => !isFinal(status)));
    }
  });

  it('leads to a status the action may not start from again (no loops on one request)', () => {
    for (const action of PROVISIONING_ACTIONS) expect(ALLOWED_FROM[action], action).not.toContain(RESULT_STATUS[action]);
  });

  it('derives the product status from the order action', () => {
    expect(productStatusAfter('Completed', 'Terminate')).toBe('Terminated');
    expect(productStatusAfter('Completed', 'Create')).toBe('Active');
    expect(productStatusAfter('Escalated', 'Modify')).toBe('On hold');
  });
});
