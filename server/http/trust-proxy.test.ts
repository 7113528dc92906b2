import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { proxyTrust, trustProxyFromEnv, type TrustProxy } from './trust-proxy';

/** What a route sees of a request from `peer` carrying the given X-Forwarded-For and -Proto. */
async function seen(trust: TrustProxy, peer: string, forwardedFor: string) {
  const app = Fastify({ trustProxy: proxyTrust(trust) });
  app.get('/', async (request) => ({ ip: request.ip, protocol: request.protocol }));
  const response = await app.inject({ url: '/', remoteAddress: peer, headers: { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https' } });
  await app.close();
  return response.json<{ ip: string; protocol: string }>();
}

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
    ['true', 1],
    ['1', 1],
    ['2', 2],
    [' 10.0.0.5, 10.1.0.0/16 ,::1 ', ['10.0.0.5', '10.1.0.0/16', '::1']],
  ])('reads %j as %j', (value, expected) => {
    expect(trustProxyFromEnv(value)).toEqual(expected);
  });

  it('refuses to start with an entry that is neither a count nor an address', () => {
    expect(() => trustProxyFromEnv('10.0.0.5, proxy.internal')).toThrow('TRUST_PROXY: "proxy.internal" is neither a hop count nor an IP address, CIDR block or range');
  });

  it('one hop: the address the proxy appended, never the client-written leftmost one; https from the proxy', async () => {
    expect(await seen(1, '127.0.0.1', '198.51.100.9, 203.0.113.5')).toEqual({ ip: '203.0.113.5', protocol: 'https' });
    expect(await seen(2, '127.0.0.1', '198.51.100.9, 203.0.113.5')).toEqual({ ip: '198.51.100.9', protocol: 'https' });
  });

  it('addresses: only a listed peer is believed, through a chain of listed proxies', async () => {
    expect(await seen(['10.0.0.5'], '127.0.0.1', '198.51.100.9')).toEqual({ ip: '127.0.0.1', protocol: 'http' });
    expect(await seen(['10.0.0.5'], '10.0.0.5', '198.51.100.9, 203.0.113.5')).toEqual({ ip: '203.0.113.5', protocol: 'https' });
    expect(await seen(['10.0.0.0/8'], '10.0.0.5', '198.51.100.9, 203.0.113.5, 10.0.0.7')).toEqual({ ip: '203.0.113.5', protocol: 'https' });
    expect(await seen(['::ffff:127.0.0.1'], '::ffff:127.0.0.1', '203.0.113.5')).toEqual({ ip: '203.0.113.5', protocol: 'https' });
  });

  it('off: the socket peer, whatever the headers say', async () => {
    expect(await seen(false, '127.0.0.1', '203.0.113.5')).toEqual({ ip: '127.0.0.1', protocol: 'http' });
  });
});
