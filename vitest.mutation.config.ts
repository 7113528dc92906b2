import { defineConfig } from 'vitest/config';

/**
 * The unit tests StrykerJS runs for each mutant (`npm run test:mutation`, stryker.config.json): the fast
 * tests of the rules that guard tenants and money, nothing that starts a server. Node environment.
 */
export default defineConfig({
  test: {
    include: [
      'tests/unit/mutation/**/*.test.ts',
      'contract/capability-implications.test.ts',
      'server/services/quotes/quote-totals.test.ts',
      'tests/unit/pricing-rules.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
  },
});
