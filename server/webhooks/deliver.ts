/**
 * One delivery attempt: POST the signed body over HTTPS (plain http only to a loopback receiver the
 * policy allows, PORTAL_WEBHOOKS_ALLOW_LOOPBACK) with a deadline, to an address the policy
 * allows (checked on the resolved address at connect time), redirects not followed (a 3xx is a
 * failure like any non-2xx). WEBHOOKS_CA_FILE adds a CA to the public ones (test receivers only).
 */
import { readFileSync } from 'node:fs';
import { request as plainRequest } from 'node:http';
import { request } from 'node:https';
import { rootCertificates } from 'node:tls';
import ipaddr from 'ipaddr.js';
import { checkedLookup, refusedAddress, refusedUrl, type AddressPolicy } from './endpoint-address';

export interface AttemptResult {
  ok: boolean;
  status: number | null;
  /** The start of the answer's body, for the deliveries screen. */
  excerpt: string | null;
  error: string | null;
}

const EXCERPT_CHARS = 500;
let caCache: { file: string; ca: string[] } | undefined;

function trustedCas(): string[] | undefined {
  const file = process.env.WEBHOOKS_CA_FILE;
  if (!file) return undefined;
  if (caCache?.file !== file) caCache = { file, ca: [...rootCertificates, readFileSync(file, 'utf8')] };
  return caCache.ca;
}

export function attemptDelivery(
  url: string,
  headers: Record<string, string>,
  body: string,
  policy: AddressPolicy,
  timeoutMs: number,
): Promise<AttemptResult> {
  const urlRefusal = refusedUrl(url, policy);
  if (urlRefusal) return Promise.resolve({ ok: false, status: null, excerpt: null, error: `refused: ${urlRefusal}` });
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // An address in the URL is never looked up, so it is checked here.
  if (ipaddr.isValid(host)) {
    const refused = refusedAddress(host, policy);
    if (refused) return Promise.resolve({ ok: false, status: null, excerpt: null, error: `refused: ${refused}` });
  }
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
    };
    const send = target.protocol === 'http:' ? plainRequest : request;
    const req = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'portal-webhooks/1' },
        lookup: checkedLookup(policy) as never,
        ca: trustedCas(),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < EXCERPT_CHARS * 4) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const excerpt = Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS);
          const ok = status >= 200 && status < 300;
          const redirect = status >= 300 && status < 400 ? `redirect to ${String(res.headers.location ?? '').slice(0, 200)} not followed` : null;
          finish({ ok, status, excerpt, error: ok ? null : (redirect ?? `HTTP ${status}`) });
        });
        res.on('error', (error) => finish({ ok: false, status: res.statusCode ?? null, excerpt: null, error: error.message }));
      },
    );
    // The whole attempt, answer included, must end in time: a hanging endpoint costs one timeout.
    const deadline = setTimeout(() => {
      finish({ ok: false, status: null, excerpt: null, error: `no answer within ${timeoutMs} ms` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (error) => finish({ ok: false, status: null, excerpt: null, error: error.message.slice(0, 300) }));
    req.end(body);
  });
}
