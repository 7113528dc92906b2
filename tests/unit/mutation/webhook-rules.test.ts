/**
 * The webhook signer (checked by the independent `standardwebhooks` package and a signature worked
 * out with openssl) and the SSRF guard (server/webhooks/endpoint-address.ts): which URLs and
 * addresses a webhook may go to.
 */
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { parseRange, type IpRange } from '../../../server/services/lifecycle/ip-rules';
import { addressPolicyFromEnv, checkedLookup, loopbackSwitchIgnored, refusedAddress, refusedHost, refusedUrl } from '../../../server/webhooks/endpoint-address';
import { newWebhookSecret, signature, webhookHeaders } from '../../../server/webhooks/standard-webhooks';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('standard webhooks signing', () => {
  it('signs "id.timestamp.body" with HMAC-SHA256 of the base64 secret, as the specification says', () => {
    // printf 'msg_p5jXN8AQM9LWM0D4loKWxJek.1614265330.{"test": 2432232314}' | openssl dgst -sha256 -hmac "$(echo MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw | base64 -d)" -binary | base64
    // (the specification's own example)
    expect(signature(SECRET, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    // Without the prefix the secret is the same key.
    expect(signature('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('gives headers the standardwebhooks package verifies, with every secret of a rotation', () => {
    const now = Math.floor(Date.now() / 1000);
    const second = newWebhookSecret();
    const body = JSON.stringify({ type: 'subscription.changed', data: { id: 7 } });
    const headers = webhookHeaders([SECRET, second], 'msg_1', now, body);
    expect(Object.keys(headers).sort()).toEqual(['webhook-id', 'webhook-signature', 'webhook-timestamp']);
    expect(headers['webhook-id']).toBe('msg_1');
    expect(headers['webhook-timestamp']).toBe(String(now));
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(SECRET).verify(body, headers)).toEqual({ type: 'subscription.changed', data: { id: 7 } });
    expect(new Webhook(second).verify(body, headers)).toEqual({ type: 'subscription.changed', data: { id: 7 } });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(SECRET).verify(body + ' ', headers)).toThrow();
  });

  it('makes secrets of 24 random bytes behind whsec_', () => {
    const [one, two] = [newWebhookSecret(), newWebhookSecret()];
    expect(one).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(one.slice(6), 'base64')).toHaveLength(24);
    expect(one).not.toBe(two);
  });
});

describe('SSRF guard: addresses', () => {
  const closed = { allowPrivate: false, allowed: [] as IpRange[] };

  it('lets public unicast addresses through and names the range of every other', () => {
    expect(refusedAddress('93.184.216.34', closed)).toBeUndefined();
    expect(refusedAddress('2606:2800:220:1:248:1893:25c8:1946', closed)).toBeUndefined();
    expect(refusedAddress('127.0.0.1', closed)).toBe('loopback address 127.0.0.1');
    expect(refusedAddress('10.1.2.3', closed)).toBe('private address 10.1.2.3');
    expect(refusedAddress('192.168.0.10', closed)).toBe('private address 192.168.0.10');
    expect(refusedAddress('169.254.169.254', closed)).toBe('linkLocal address 169.254.169.254');
    expect(refusedAddress('::1', closed)).toBe('loopback address ::1');
    expect(refusedAddress('fe80::1', closed)).toBe('linkLocal address fe80::1');
    expect(refusedAddress('::ffff:127.0.0.1', closed)).toBe('loopback address ::ffff:127.0.0.1');
    expect(refusedAddress('0.0.0.0', closed)).toBe('unspecified address 0.0.0.0');
    expect(refusedAddress('not-an-ip', closed)).toBe('unparsable address');
  });

  it('lets the operator allow private addresses, or some ranges only', () => {
    expect(refusedAddress('10.1.2.3', { allowPrivate: true, allowed: [] })).toBeUndefined();
    const some = { allowPrivate: false, allowed: [parseRange('10.1.0.0/16')!] };
    expect(refusedAddress('10.1.2.3', some)).toBeUndefined();
    expect(refusedAddress('10.2.0.1', some)).toBe('private address 10.2.0.1');
  });

  it('reads the policy from the environment', () => {
    expect(addressPolicyFromEnv({})).toEqual({ allowPrivate: false, allowed: [], allowLoopback: false });
    expect(addressPolicyFromEnv({ WEBHOOKS_ALLOW_PRIVATE: 'yes' }).allowPrivate).toBe(false);
    const policy = addressPolicyFromEnv({ WEBHOOKS_ALLOW_PRIVATE: '1', WEBHOOKS_ALLOWED_ADDRESSES: '10.0.0.0/8, nonsense,192.168.1.5' });
    expect(policy.allowPrivate).toBe(true);
    expect(policy.allowed).toHaveLength(2);
    expect(refusedAddress('192.168.1.5', { allowPrivate: false, allowed: policy.allowed })).toBeUndefined();
    expect(refusedAddress('192.168.1.6', { allowPrivate: false, allowed: policy.allowed })).toBe('private address 192.168.1.6');
  });

  it('allows loopback receivers with PORTAL_WEBHOOKS_ALLOW_LOOPBACK=1, never in production (with a warning)', () => {
    const development = addressPolicyFromEnv({ PORTAL_WEBHOOKS_ALLOW_LOOPBACK: '1', NODE_ENV: 'development' });
    expect(development.allowLoopback).toBe(true);
    expect(refusedAddress('127.0.0.1', development)).toBeUndefined();
    expect(refusedAddress('::1', development)).toBeUndefined();
    expect(refusedAddress('10.0.0.1', development)).toBe('private address 10.0.0.1');
    expect(loopbackSwitchIgnored({ PORTAL_WEBHOOKS_ALLOW_LOOPBACK: '1', NODE_ENV: 'development' })).toBeUndefined();
    const production = { PORTAL_WEBHOOKS_ALLOW_LOOPBACK: '1', NODE_ENV: 'production' };
    expect(addressPolicyFromEnv(production).allowLoopback).toBe(false);
    expect(refusedAddress('127.0.0.1', addressPolicyFromEnv(production))).toBe('loopback address 127.0.0.1');
    expect(loopbackSwitchIgnored(production)).toMatch(/PORTAL_WEBHOOKS_ALLOW_LOOPBACK=1 is ignored because NODE_ENV=production/);
    expect(addressPolicyFromEnv({ PORTAL_WEBHOOKS_ALLOW_LOOPBACK: 'yes' }).allowLoopback).toBe(false);
    expect(loopbackSwitchIgnored({ NODE_ENV: 'production' })).toBeUndefined();
  });
});

describe('SSRF guard: URLs and hosts', () => {
  const closed = { allowPrivate: false, allowed: [] as IpRange[] };

  it('takes https URLs without credentials only', () => {
    expect(refusedUrl('https://hooks.example.com/portal')).toBeUndefined();
    expect(refusedUrl('http://hooks.example.com/portal')).toBe('not https');
    expect(refusedUrl('ftp://hooks.example.com/')).toBe('not https');
    expect(refusedUrl('hooks.example.com')).toBe('not a URL');
    expect(refusedUrl('https://user:secret@hooks.example.com/')).toBe('credentials in the URL');
    expect(refusedUrl('https://user@hooks.example.com/')).toBe('credentials in the URL');
    expect(refusedUrl('https://:secret@hooks.example.com/')).toBe('credentials in the URL');
  });

  it('takes plain http only to this machine, and only when the policy allows loopback receivers', () => {
    const loopback = { ...closed, allowLoopback: true };
    for (const url of ['http://127.0.0.1:4000/hooks', 'http://localhost:4000/hooks', 'http://[::1]:4000/hooks', 'http://127.0.0.2/hooks']) {
      expect(refusedUrl(url, loopback), url).toBeUndefined();
      expect(refusedUrl(url, closed), url).toBe('not https');
    }
    for (const url of ['http://hooks.example.com/', 'http://10.0.0.1/', 'http://localhost.example.com/', 'ftp://127.0.0.1/']) expect(refusedUrl(url, loopback), url).toBe('not https');
    expect(refusedUrl('http://user:pw@127.0.0.1/', loopback)).toBe('credentials in the URL');
  });

  it('checks literal addresses (IPv6 in brackets too) and every address a name resolves to', async () => {
    expect(await refusedHost('93.184.216.34', closed)).toBeUndefined();
    expect(await refusedHost('[::1]', closed)).toBe('loopback address ::1');
    expect(await refusedHost('127.0.0.1', closed)).toBe('loopback address 127.0.0.1');
    expect(await refusedHost('localhost', closed)).toMatch(/^loopback address /);
    expect(await refusedHost('localhost', { allowPrivate: true, allowed: [] })).toBeUndefined();
    expect(await refusedHost('no-such-host.invalid', closed)).toBe('host does not resolve');
  });

  it('refuses at connect time an address the policy forbids, and passes allowed ones in the form asked', async () => {
    const lookup = (policy: typeof closed, all: boolean) =>
      new Promise<{ error: (Error & { code?: string }) | null; address: unknown; family?: number }>((resolve) =>
        checkedLookup(policy)('localhost', { all }, (error, address, family) => resolve({ error, address, family })),
      );
    const refused = await lookup(closed, false);
    expect(refused.error?.code).toBe('EWEBHOOKADDRESS');
    expect(refused.error?.message).toMatch(/^refused: loopback address /);
    const one = await lookup({ allowPrivate: true, allowed: [] }, false);
    expect(one.error).toBeNull();
    expect(['127.0.0.1', '::1']).toContain(one.address);
    expect([4, 6]).toContain(one.family);
    const all = await lookup({ allowPrivate: true, allowed: [] }, true);
    expect(all.error).toBeNull();
    expect(Array.isArray(all.address)).toBe(true);
    const missing = await new Promise<Error | null>((resolve) => checkedLookup(closed)('no-such-host.invalid', {}, (error) => resolve(error)));
    expect(missing).not.toBeNull();
  });
});
