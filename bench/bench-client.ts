/**
 * The load generator's client for the measured window: node:http with keep-alive
 * connections and the cookies of a session signed in by tests/support/api-client.ts.
 * The tests' client uses fetch (undici), which cost the generator about a millisecond of
 * CPU per call: on a 2-core machine that is CPU the instances and PostgreSQL then lack.
 */
import { Agent, request } from 'node:http';
import type { ApiClient } from '../tests/support/api-client';

export interface BenchResult {
  status: number;
  text: string;
}

/** One pool of keep-alive connections for all simulated users (nginx spreads the calls, not the connections). */
const agent = new Agent({ keepAlive: true, maxSockets: 1_000, maxFreeSockets: 1_000 });

export class BenchClient {
  private readonly url: URL;
  private readonly headers: Record<string, string>;

  /** Takes over the session and XSRF cookies of a signed-in ApiClient. */
  constructor(signedIn: ApiClient) {
    this.url = new URL(signedIn.baseUrl);
    this.headers = {
      'content-type': 'application/json',
      'accept-language': signedIn.locale,
      cookie: signedIn.cookieHeader(),
      'x-xsrf-token': signedIn.cookies.get('XSRF-TOKEN') ?? '',
    };
  }

  call(service: string, method: string, body: unknown): Promise<BenchResult> {
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const outgoing = request(
        {
          agent,
          host: this.url.hostname,
          port: this.url.port,
          method: 'POST',
          path: `/DataModel/service.svc/rest/${service}/${method}`,
          headers: { ...this.headers, 'content-length': Buffer.byteLength(payload) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }
}
