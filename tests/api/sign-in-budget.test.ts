/**
 * Issue 34: sign-in has its own budget per address. A flood of service calls that spends an
 * address's service-call budget does not lock people at that address out of signing in; sign-in
 * calls are limited by their own budget (and the brute-force rules, tested in identity-brute-force).
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestServer } from '../support/test-server';

describe('the sign-in budget per address', () => {
  it('is not spent by service calls, and limits sign-in calls on its own', async () => {
    const server = await startTestServer({ rateLimit: { perSession: 1000, perAddress: 6, perAddressSignIn: 4, windowMs: 60_000, redisPrefix: 'test:' } });
    try {
      const flooder = await server.signedIn('company.admin');
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await flooder.call('Authorization', 'PingPong')).status);
      // The sign-in above and the app's GET were no service calls of this budget: six pings fit, the seventh not.
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
      const limited = await flooder.call('Authorization', 'PingPong');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

      // Someone else at the same address still signs in (the second sign-in of this budget).
      const person = await server.client();
      const signedIn = await person.signIn('basic.user', DEMO_PASSWORD);
      expect(signedIn.status, signedIn.text).toBe(200);

      // Sign-in's own budget: two more attempts fit, the next is refused.
      expect((await (await server.client()).signIn('basic.user', 'wrong-password')).status).toBe(401);
      expect((await (await server.client()).signIn('basic.user', 'wrong-password')).status).toBe(401);
      const overBudget = await (await server.client()).signIn('basic.user', DEMO_PASSWORD);
      expect(overBudget.status).toBe(429);
      expect(Number(overBudget.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  }, 120_000);
});
