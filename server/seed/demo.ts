import type { Db } from '../db/db';
import { seedAuditLog } from './audit';
import { seedBilling, seedExchangeRates } from './billing';
import { seedCatalogue } from './catalogue';
import { seedCatalogDemo } from './catalog-demo';
import { continueIdentificators, createSeedContext } from './context';
import { seedCreditCheckOrders } from './credit-check-orders';
import { seedFormsDemo } from './forms';
import { seedHierarchy } from './hierarchy';
import { seedIdentityTestUsers } from './identity';
import { seedImports } from './imports';
import { seedMarketplaces, seedPricingRules } from './pricing';
import { seedPricelistDetails } from './pricelists';
import { seedProvisioningRequests } from './provisioning';
import { seedQuotes } from './quotes';
import { seedSubscriptions } from './subscriptions';
import { seedTerms } from './terms';
import { seedShell } from './shell';
import { seedUsersAndRoles } from './users-and-roles';

export { DEMO_ACCOUNT_NAMES } from './hierarchy';
export { DEMO_USERNAMES, DEMO_USERS, type DemoUsername } from './demo-users';

/** settings key marking a database that already holds the demo data. */
export const DEMO_SEEDED_KEY = 'demo_seeded';

/** The PRNG seed: changing it changes every generated name, price and state. */
const DEMO_SEED = 20_260_101;

export interface DemoSeedOptions {
  demoPassword: string;
  demoTotpSecret: string;
}

/**
 * Seeds the demo marketplace (hierarchy, users and roles, catalogue,
 * pricelists, subscriptions, provisioning, orders, imports, billing, audit,
 * terms) in one transaction. Idempotent: returns false and does nothing when
 * the database was seeded before.
 */
export async function seedDemoData(db: Db, options: DemoSeedOptions): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two server instances starting on one empty PostgreSQL must not both seed.
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(727002)');
    if (await tx.one('SELECT 1 FROM settings WHERE key = $1', [DEMO_SEEDED_KEY])) return false;

    const ctx = createSeedContext(tx, DEMO_SEED);
    const hierarchy = await seedHierarchy(ctx);
    const users = await seedUsersAndRoles(ctx, hierarchy, options);
    const services = await seedCatalogue(ctx, hierarchy);
    const marketplaces = await seedMarketplaces(ctx, hierarchy, services);
    await seedPricingRules(ctx, hierarchy);
    await seedPricelistDetails(ctx);
    const subscriptions = await seedSubscriptions(ctx, hierarchy, services);
    await seedProvisioningRequests(ctx, subscriptions);
    await seedCreditCheckOrders(ctx, hierarchy, users, services);
    await seedImports(ctx, hierarchy, users, subscriptions);
    await seedBilling(ctx, hierarchy, users);
    await seedExchangeRates(ctx);
    await seedAuditLog(ctx, hierarchy, users, subscriptions, marketplaces);
    await seedTerms(ctx);
    await seedShell(ctx, hierarchy);
    await seedIdentityTestUsers(ctx, hierarchy, options.demoPassword);
    await seedFormsDemo(ctx, hierarchy, users);
    await seedCatalogDemo(ctx, hierarchy, services);
    await seedQuotes(ctx, hierarchy, users);
    await continueIdentificators(ctx);
    await tx.query('INSERT INTO settings (key, value) VALUES ($1, $2)', [DEMO_SEEDED_KEY, new Date().toISOString()]);
    return true;
  });
}
