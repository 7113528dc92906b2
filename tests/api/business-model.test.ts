/**
 * A model of the business, run as a test (issue 21): random sequences of what users of three
 * tenants do, over the real API, with the invariants of business-model-invariants.ts checked
 * after every step; quote totals against the test's own arithmetic (quote-oracle.ts). A fixed seed
 * and 30 sequences run in CI, the count printed; a run cut short by the time limit fails.
 * MODEL_RUNS=200 (and MODEL_SEED=…) runs longer.
 * A failure prints the shrunk sequence and the calls it made.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer } from '../support/test-server';
import { CreateDepartment, CreateUser, Forbidden, Impersonate, MoveDepartment, NewPricelist, QuoteToOrder, Reprice, SetRoles, Terminate, type Model } from './business-model-commands';
import { accountIdOf, CAST, ok, type Actor, type World } from './business-model-world';

const RUNS = Number(process.env.MODEL_RUNS ?? 30);
const SEED = Number(process.env.MODEL_SEED ?? 2026);

let world: World;
let products: Model['products'];

beforeAll(async () => {
  const server = await startTestServer();
  const signed = await Promise.all(CAST.map((name) => server.signedIn(name)));
  const auditReader = await server.client('de');
  await auditReader.signIn('root.admin', 'Portal-Demo-2026!');
  world = {
    server,
    as: Object.fromEntries(CAST.map((name, index) => [name, signed[index]])) as Record<Actor, (typeof signed)[number]>,
    auditReader,
    ids: { contoso: 0, fabrikam: 0, northwind: 0 },
    trail: [],
  };
  world.ids = { contoso: await accountIdOf(world, 'Contoso Ltd'), fabrikam: await accountIdOf(world, 'Fabrikam Inc'), northwind: await accountIdOf(world, 'Northwind Cloud') };
  const catalogue = await ok<{ Products: Model['products'] }>(world, 'reseller.admin', 'Quotes', 'LoadCustomerQuoteProducts', { customerAccountId: world.ids.contoso, currency: 'GBP' });
  products = catalogue.Products.slice(0, 12).map(({ ProductName, ServiceId }) => ({ ProductName, ServiceId: Number(ServiceId) }));
}, 120_000);
afterAll(() => world?.server.close());

const index = fc.nat({ max: 50 });
const name = fc.stringMatching(/^[a-z]{3,8}$/);
const actor = fc.constantFrom<Actor>('company.admin', 'reseller.admin', 'root.admin', 'vendor.admin', 'basic.user');
const line = fc.record({
  product: index,
  quantity: fc.integer({ min: 1, max: 20 }),
  period: fc.constantFrom('1-month' as const, 'annual' as const, '3-year' as const),
  discount: fc.constantFrom(0, 5, 12.5, 33.33, 100),
});

const commands = [
  fc.tuple(index, name).map(([parent, label]) => new CreateDepartment(parent, label)),
  fc.tuple(index, index, name).map(([parent, role, label]) => new CreateUser(parent, role, label)),
  fc.tuple(actor, index, fc.array(index, { maxLength: 3 })).map(([who, user, roles]) => new SetRoles(who, user, roles)),
  fc.tuple(index, index).map(([department, target]) => new MoveDepartment(department, target)),
  fc.tuple(index, fc.constantFrom('now' as const, 'schedule' as const, 'cancel' as const)).map(([department, mode]) => new Terminate(department, mode)),
  fc.tuple(fc.array(line, { minLength: 1, maxLength: 3 }), fc.constantFrom('accept' as const, 'decline' as const, 'revise-accept' as const)).map(([lines, outcome]) => new QuoteToOrder(lines, outcome)),
  fc.tuple(index, fc.integer({ min: 1, max: 500_00 }).map((cents) => cents / 100)).map(([product, price]) => new Reprice(product, price)),
  fc.tuple(index, fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 500_00 }).map((cents) => cents / 100)).map(([product, priority, price]) => new NewPricelist(product, priority, price)),
  fc.constantFrom('basic.user' as const, 'company.admin' as const).map((target) => new Impersonate(target)),
  index.map((which) => new Forbidden(which)),
];

it(
  'what users do across tenants keeps the business consistent',
  async () => {
    let sequences = 0;
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 12 }), async (sequence) => {
        sequences += 1;
        world.trail = [];
        const model: Model = { departments: [], users: [], products };
        await fc.asyncModelRun(() => ({ model, real: world }), sequence);
        steps += [...sequence].length;
        if (process.env.MODEL_VERBOSE) console.log(sequence.toString());
      }),
      // Shrinking replays sequences on the same server; bounded so a failure still ends the test in time.
      // A run cut short by that limit fails (markInterruptAsFailure) instead of passing with fewer sequences.
      { numRuns: RUNS, seed: SEED, verbose: 1, interruptAfterTimeLimit: Number(process.env.MODEL_TIME_LIMIT_MS ?? 480_000), markInterruptAsFailure: true },
    );
    console.log(`business model: ${sequences} sequences of ${RUNS} asked (seed ${SEED}), ${steps} steps`);
    expect(sequences).toBe(RUNS);
  },
  900_000,
);
