import { describe, expect, it } from 'vitest';
import { requestLogLevel } from './request-log';

const service = (method: string) => `/DataModel/service.svc/rest/Account/${method}`;

describe('request log levels', () => {
  it('keep successful reads out of the default (info) log', () => {
    expect(requestLogLevel('GET', '/v/assets/index.js', 200, 3)).toBe('debug');
    expect(requestLogLevel('POST', service('GetCurrentUser'), 200, 5)).toBe('debug');
    expect(requestLogLevel('POST', service('SearchAccount'), 200, 40)).toBe('debug');
    expect(requestLogLevel('POST', service('ExportAuditLog'), 200, 40)).toBe('debug');
  });

  it('log writes, refusals of access, errors and slow answers', () => {
    expect(requestLogLevel('POST', service('UpdateAccount'), 200, 12)).toBe('info');
    expect(requestLogLevel('POST', service('LoadAccountById'), 403, 2)).toBe('info');
    expect(requestLogLevel('POST', service('LoadAccountById'), 400, 2)).toBe('debug');
    expect(requestLogLevel('POST', service('LoadAccountById'), 500, 2)).toBe('error');
    expect(requestLogLevel('GET', '/v/', 200, 1_500)).toBe('warn');
  });
});
