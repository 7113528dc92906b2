import { describe, expect, it } from 'vitest';
import { LogSampler } from './log-sampler';
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

describe('log sampler', () => {
  it('writes the first lines of a kind in a window, counts the rest, and starts again', () => {
    const sampler = new LogSampler(3);
    const admitted = Array.from({ length: 10 }, () => sampler.admit('401 unauthenticated'));
    expect(admitted.filter(Boolean)).toHaveLength(3);
    expect(sampler.admit('403 forbidden')).toBe(true);
    expect(sampler.endWindow()).toEqual({ '401 unauthenticated': 7 });
    expect(sampler.admit('401 unauthenticated')).toBe(true);
    expect(sampler.endWindow()).toBeUndefined();
  });

  it('logs 429 answers like the other refusals', () => {
    expect(requestLogLevel('POST', service('SearchAccount'), 429, 1)).toBe('info');
  });
});
