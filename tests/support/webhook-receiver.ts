/**
 * A local HTTPS receiver for webhook tests: a self-signed certificate for 127.0.0.1 and localhost
 * made with the openssl CLI (the portal trusts it through WEBHOOKS_CA_FILE, tests only), and per
 * path a behaviour: answer 200, fail the first n attempts, always 500, hang, or redirect.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  status: number;
  at: number;
}

export type Behaviour = { kind: 'ok' } | { kind: 'failFirst'; times: number } | { kind: 'status'; status: number } | { kind: 'hang' } | { kind: 'redirect'; location: string };

export interface WebhookReceiver {
  /** https://127.0.0.1:<port> */
  url: string;
  caFile: string;
  received: ReceivedWebhook[];
  behave(path: string, behaviour: Behaviour): void;
  /** Resolves once `count` requests to `path` arrived (rejects after the timeout). */
  waitFor(path: string, count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export function selfSignedCertificate(): { dir: string; keyFile: string; certFile: string } {
  const dir = mkdtempSync(join(tmpdir(), 'webhook-receiver-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '2',
    '-subj', '/CN=webhook test receiver', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
  ], { stdio: 'ignore' });
  return { dir, keyFile, certFile };
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const { dir, keyFile, certFile } = selfSignedCertificate();
  const behaviours = new Map<string, Behaviour>();
  const attempts = new Map<string, number>();
  const received: ReceivedWebhook[] = [];
  const hanging = new Set<import('node:http').ServerResponse>();
  const server: Server = createServer({ key: readFileSync(keyFile), cert: readFileSync(certFile) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      const behaviour = behaviours.get(path) ?? { kind: 'ok' };
      const key = `${path} ${String(req.headers['webhook-id'])}`;
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      let status = 200;
      if (behaviour.kind === 'failFirst' && attempt <= behaviour.times) status = 500;
      if (behaviour.kind === 'status') status = behaviour.status;
      if (behaviour.kind === 'redirect') status = 302;
      received.push({ path, headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8'), status, at: Date.now() });
      if (behaviour.kind === 'hang') {
        hanging.add(res);
        return;
      }
      if (behaviour.kind === 'redirect') res.setHeader('location', behaviour.location);
      res.statusCode = status;
      res.end(status === 200 ? 'thanks' : `status ${status} from the receiver`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    caFile: certFile,
    received,
    behave: (path, behaviour) => behaviours.set(path, behaviour),
    async waitFor(path, count, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = received.filter((entry) => entry.path === path);
        if (found.length >= count) return found;
        if (Date.now() > until) throw new Error(`${path}: ${found.length} of ${count} webhooks arrived`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
