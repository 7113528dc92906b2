/**
 * The statuses the OpenAPI document declares per method are those its handler can answer:
 * the faults each handler reaches in the server's source (tests/support/handler-statuses.ts)
 * against the method's `refusals` and the statuses every method of its access kind answers.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listMethods } from '../../contract';
import { declaredStatuses } from '../../contract/statuses';
import { readHandlerStatuses } from '../support/handler-statuses';

const root = resolve(import.meta.dirname, '../..');
const methods = listMethods();
const found = readHandlerStatuses(root);

describe('declared statuses', () => {
  it('the reading of the handlers finds them all, and finds refusals (it is not blind)', () => {
    expect([...found.statuses.keys()].sort()).toEqual(methods.map(({ service, method }) => `${service}/${method}`).sort());
    expect(found.statuses.get('Quotes/SendQuote')).toEqual(expect.arrayContaining([404, 409]));
    // Through a helper taking the status as a parameter (sso.ts refuse(ctx, key, status, …)).
    expect(found.statuses.get('Authorization/AuthenticateOpenId')).toEqual(expect.arrayContaining([401, 503]));
    expect(found.unknown).toEqual(new Map());
  });

  it('every status a handler can answer is declared by its method (500 is a bug, never declared)', () => {
    const undeclared = methods.flatMap(({ service, method, contract }) => {
      const declared = declaredStatuses(contract.access, contract.refusals);
      const missing = (found.statuses.get(`${service}/${method}`) ?? []).filter((status) => status !== 500 && !declared.includes(status));
      return missing.length ? [`${service}/${method}: refusals lack ${missing.join(', ')}`] : [];
    });
    expect(undeclared).toEqual([]);
  });

  it('a method declares no refusal its handler never makes, and none every method already declares', () => {
    const stale = methods.flatMap(({ service, method, contract }) => {
      const answered = found.statuses.get(`${service}/${method}`) ?? [];
      const byDefault = declaredStatuses(contract.access);
      const wrong = contract.refusals.filter((status) => !answered.includes(status) || byDefault.includes(status));
      return wrong.length ? [`${service}/${method}: ${wrong.join(', ')}`] : [];
    });
    expect(stale).toEqual([]);
  });
});
