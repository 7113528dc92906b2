/**
 * What users do, as fast-check commands over the real API (business-model.test.ts): company
 * admins build and rearrange their hierarchy, terminate and cancel; the reseller quotes, prices
 * and impersonates; customers accept or decline; everyone tries what they may not. Each command
 * checks its own outcome; the world-wide invariants run after every command.
 */
import type fc from 'fast-check';
import { expect } from 'vitest';
import { auditReadsAsWords, grantsStayInTheirSubtree, nothingLivesBelowTheTerminated } from './business-model-invariants';
import { call, db, fingerprint, lastAuditId, ok, subtreeSize, type Actor, type World } from './business-model-world';
import { COMMITMENT_MONTHS, expectedLine, expectedTotals } from './quote-oracle';

export interface Department {
  id: number;
  state: 'Active' | 'Scheduled' | 'Terminated';
}
export interface Model {
  departments: Department[];
  users: number[];
  products: { ProductName: string; ServiceId: number }[];
}

type Command = fc.AsyncCommand<Model, World>;

const pick = <T>(items: readonly T[], index: number): T => items[index % items.length];
const alive = (model: Model) => model.departments.filter((department) => department.state !== 'Terminated');
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** Runs a step, then every invariant over what it wrote; `wrote` says whether it must have left an audit row. */
async function step(world: World, label: string, body: () => Promise<boolean>): Promise<void> {
  world.trail.push(`— ${label}`);
  const before = await lastAuditId(world);
  const wrote = await body();
  const written = await auditReadsAsWords(world, before);
  if (wrote) expect(written, `${label} changed something without an audit row\n${world.trail.join('\n')}`).toBeGreaterThan(0);
  await grantsStayInTheirSubtree(world);
  await nothingLivesBelowTheTerminated(world);
}

/** A refused call: 4xx, and nothing it could have touched changed. */
async function refused(world: World, actor: Actor, service: string, method: string, body: unknown): Promise<void> {
  const before = await fingerprint(world);
  const result = await call(world, actor, service, method, body);
  expect(result.status, `${actor} ${service}/${method} should be refused\n${world.trail.join('\n')}`).toBeGreaterThanOrEqual(400);
  expect(await fingerprint(world), `a refused ${service}/${method} changed data\n${world.trail.join('\n')}`).toBe(before);
}

export class CreateDepartment implements Command {
  constructor(readonly parent: number, readonly name: string) {}
  check = () => true;
  toString = () => `CreateDepartment(parent#${this.parent}, ${this.name})`;
  async run(model: Model, world: World) {
    await step(world, this.toString(), async () => {
      const parents = [world.ids.contoso, ...alive(model).map((department) => department.id)];
      const parentId = pick(parents, this.parent);
      const created = await ok<{ AccountId: number }>(world, 'company.admin', 'Account', 'CreateAccount', {
        parentAccountId: parentId,
        accountType: 'Department',
        viewValues: { Values: { DisplayName: `Dept ${this.name}`, Country: 'United Kingdom', Currency: 'GBP' } },
      });
      model.departments.push({ id: created.AccountId, state: 'Active' });
      return true;
    });
  }
}

export class CreateUser implements Command {
  constructor(readonly parent: number, readonly role: number, readonly name: string) {}
  check = (model: Readonly<Model>) => alive(model).length > 0;
  toString = () => `CreateUser(dept#${this.parent}, role#${this.role}, ${this.name})`;
  async run(model: Model, world: World) {
    await step(world, this.toString(), async () => {
      const parentId = pick(alive(model), this.parent).id;
      const roles = await ok<{ Value: number; DisplayName: string }[]>(world, 'company.admin', 'Account', 'ResolveRemoteEnum', {
        enumRequest: { FieldName: 'Role', AccountType: 'User', ParentAccountId: parentId },
      });
      const username = `model.${this.name}.${Date.now().toString(36)}`;
      const created = await ok<{ AccountId: number }>(world, 'company.admin', 'Account', 'CreateAccount', {
        parentAccountId: parentId,
        accountType: 'User',
        viewValues: { Values: { Firstname: 'Model', Lastname: `User ${this.name}`, Email: `${username}@contoso.example`, Username: username, Language: 'en', Role: pick(roles, this.role).Value } },
      });
      model.users.push(created.AccountId);
      return true;
    });
  }
}

/** An admin of some tenant gives a user roles from what it is offered for that user (or foreign roles: refused). */
export class SetRoles implements Command {
  constructor(readonly actor: Actor, readonly user: number, readonly roles: number[]) {}
  check = (model: Readonly<Model>) => model.users.length > 0;
  toString = () => `SetRoles(${this.actor}, user#${this.user}, roles ${this.roles.join(',')})`;
  async run(model: Model, world: World) {
    await step(world, this.toString(), async () => {
      const userId = pick(model.users, this.user);
      const all = await db(world).query<{ id: number }>('SELECT id FROM roles ORDER BY id');
      const roleIds = [...new Set(this.roles.map((index) => Number(pick(all, index).id)))];
      const before = await fingerprint(world);
      const result = await call(world, this.actor, 'Security', 'SetRolesForUser', { accountId: userId, roleIds });
      if (result.status >= 400) expect(await fingerprint(world), `a refused SetRolesForUser changed data\n${world.trail.join('\n')}`).toBe(before);
      return result.status === 200;
    });
  }
}

export class MoveDepartment implements Command {
  constructor(readonly department: number, readonly target: number) {}
  check = (model: Readonly<Model>) => alive(model).length > 0;
  toString = () => `MoveDepartment(dept#${this.department} → #${this.target})`;
  async run(model: Model, world: World) {
    await step(world, this.toString(), async () => {
      const moving = pick(alive(model), this.department).id;
      const targets = [world.ids.contoso, ...alive(model).map((department) => department.id)];
      const target = pick(targets, this.target);
      const size = await subtreeSize(world, moving);
      const paths = await db(world).query<{ id: number; path: string; parent_id: number }>('SELECT id, path, parent_id FROM accounts WHERE id = ANY($1::bigint[])', [[moving, target]]);
      const movingRow = paths.find((row) => Number(row.id) === moving)!;
      const targetRow = paths.find((row) => Number(row.id) === target)!;
      const invalid = target === moving || targetRow.path.startsWith(`${movingRow.path}/`) || Number(movingRow.parent_id) === target;
      if (invalid) {
        await refused(world, 'company.admin', 'Account', 'MoveAccount', { accountId: moving, newParentAccountId: target });
        return false;
      }
      const moved = await ok<{ MovedAccounts: number }>(world, 'company.admin', 'Account', 'MoveAccount', { accountId: moving, newParentAccountId: target });
      expect(moved.MovedAccounts, `moved count ≠ subtree size\n${world.trail.join('\n')}`).toBe(size);
      expect(await subtreeSize(world, moving), `the moved subtree changed size\n${world.trail.join('\n')}`).toBe(size);
      return true;
    });
  }
}

export class Terminate implements Command {
  constructor(readonly department: number, readonly mode: 'now' | 'schedule' | 'cancel') {}
  check = (model: Readonly<Model>) => alive(model).length > 0;
  toString = () => `Terminate(dept#${this.department}, ${this.mode})`;
  async run(model: Model, world: World) {
    await step(world, this.toString(), async () => {
      const department = pick(alive(model), this.department);
      const accountId = department.id;
      if (this.mode === 'cancel') {
        if (department.state !== 'Scheduled') {
          await refused(world, 'company.admin', 'Account', 'CancelAccountTermination', { accountId });
          return false;
        }
        await ok(world, 'company.admin', 'Account', 'CancelAccountTermination', { accountId });
        department.state = 'Active';
        return true;
      }
      if (department.state === 'Scheduled' && this.mode === 'schedule') {
        await refused(world, 'company.admin', 'Account', 'TerminateAccount', { accountId, terminationReason: 'Other', terminationDate: future(40) });
        return false;
      }
      const body = { accountId, terminationReason: 'Other', ...(this.mode === 'schedule' ? { terminationDate: future(30) } : {}) };
      const result = await ok<{ Status: string }>(world, 'company.admin', 'Account', 'TerminateAccount', body);
      expect(result.Status).toBe(this.mode === 'now' ? 'Terminated' : 'Scheduled');
      if (this.mode === 'now') {
        // Everything below goes with it.
        const below = await db(world).query<{ id: number }>(
          `SELECT c.id FROM accounts c, accounts p WHERE p.id = $1 AND c.path LIKE p.path || '/%'`,
          [accountId],
        );
        const gone = new Set(below.map((row) => Number(row.id)).concat(accountId));
        for (const entry of model.departments) if (gone.has(entry.id)) entry.state = 'Terminated';
        model.users = model.users.filter((user) => !gone.has(user));
      } else department.state = 'Scheduled';
      return true;
    });
  }
}

interface QuoteLine { ProductName: string; ServiceId: number; Quantity: number; UnitPrice: number; SetupFee: number; DiscountPercent: number; FeeType: string; PeriodMonths: number; CommitmentPeriod: string; CommitmentMonths: number; Amount: number; CommitmentValue: number }
interface Quote { Id: number; Status: string; Currency: string; Products: QuoteLine[]; Totals: Record<'OneTime' | 'Monthly' | 'PerNMonths' | 'PrepaidNMonths' | 'CommitmentTotal', number>; Order: { Path: string; ProductAccountIds: number[]; CreditCheckOrderIds: number[] } | null }

/**
 * A quote's lines and totals are what the test's own arithmetic (quote-oracle.ts, decimal.js) makes of the
 * lines' terms: each line's term in months from the oracle's table, its amounts, and the totals to the cent.
 */
function expectTotalsOfLines(world: World, quote: Quote) {
  for (const [index, line] of quote.Products.entries()) {
    const where = `quote ${quote.Id} line ${index} (${line.ProductName}, ${line.FeeType}, ${line.CommitmentPeriod})\n${world.trail.join('\n')}`;
    expect(line.CommitmentMonths, `the term in months of ${where}`).toBe(COMMITMENT_MONTHS[line.CommitmentPeriod]);
    expect({ Amount: line.Amount, CommitmentValue: line.CommitmentValue }, `the amounts of ${where}`).toEqual(expectedLine(line));
  }
  expect(quote.Totals, `quote ${quote.Id}'s totals are not its lines' (the oracle's sums)\n${world.trail.join('\n')}`).toEqual(expectedTotals(quote.Products));
}

/** What the customer ordered from the quote arrives whole in each subscription. */
async function expectTermsArrived(world: World, quote: Quote, productAccountIds: number[]) {
  for (const [index, line] of quote.Products.entries()) {
    const accountId = productAccountIds[index];
    const account = await ok<{ Views: { Values: Record<string, unknown> } }>(world, 'company.admin', 'Account', 'LoadAccountById', { accountId });
    const values = account.Views.Values;
    const agreed = Math.round(line.UnitPrice * (1 - line.DiscountPercent / 100) * 10_000) / 10_000;
    expect(
      { Currency: values.Currency, CommitmentPeriod: values.CommitmentPeriod, Quantity: Number(values.Quantity), AutoRenew: values.AutoRenew, QuoteId: Number(values.QuoteId) },
      `subscription ${accountId} from quote ${quote.Id} line ${index} lost its terms\n${world.trail.join('\n')}`,
    ).toEqual({ Currency: quote.Currency, CommitmentPeriod: line.CommitmentPeriod, Quantity: line.Quantity, AutoRenew: 'Renew', QuoteId: quote.Id });
    expect(Math.abs(Number(values.AgreedUnitPrice) - agreed), `subscription ${accountId} lost the agreed price ${agreed}\n${world.trail.join('\n')}`).toBeLessThanOrEqual(0.0001);
  }
}

export class QuoteToOrder implements Command {
  constructor(
    readonly lines: { product: number; quantity: number; period: '1-month' | 'annual' | '3-year'; discount: number }[],
    readonly outcome: 'accept' | 'decline' | 'revise-accept',
  ) {}
  check = () => true;
  toString = () => `QuoteToOrder(${this.lines.map((line) => `${line.product}×${line.quantity} ${line.period} -${line.discount}%`).join(', ')}; ${this.outcome})`;
  async run(model: Model, world: World) {
    await step(world, this.toString(), async () => {
      const products = this.lines.map((line) => ({ ProductName: pick(model.products, line.product).ProductName, Quantity: line.quantity, CommitmentPeriod: line.period, DiscountPercent: line.discount }));
      // One line per product: a quote with the same product twice is a different story.
      const unique = products.filter((product, index) => products.findIndex((other) => other.ProductName === product.ProductName) === index);
      const draft = await ok<Quote>(world, 'reseller.admin', 'Quotes', 'CreateQuote', {
        quote: { Name: 'Model quote', CustomerAccountId: world.ids.contoso, Currency: 'GBP', ValidUntil: future(30).slice(0, 10), Products: unique },
      });
      expectTotalsOfLines(world, draft);
      let sent = await ok<Quote>(world, 'reseller.admin', 'Quotes', 'SendQuote', { quoteId: draft.Id });
      if (this.outcome === 'decline') {
        await ok(world, 'company.admin', 'Quotes', 'DeclineQuote', { quoteId: sent.Id, reason: 'Model says no' });
        return true;
      }
      if (this.outcome === 'revise-accept') {
        const revised = await ok<Quote>(world, 'reseller.admin', 'Quotes', 'ReviseQuote', { quoteId: sent.Id });
        sent = await ok<Quote>(world, 'reseller.admin', 'Quotes', 'SendQuote', { quoteId: revised.Id });
        // The version it replaced can no longer be accepted.
        await refused(world, 'company.admin', 'Quotes', 'AcceptQuote', { quoteId: draft.Id });
      }
      const accepted = await ok<Quote>(world, 'company.admin', 'Quotes', 'AcceptQuote', { quoteId: sent.Id });
      expectTotalsOfLines(world, accepted);
      let productAccountIds = accepted.Order?.ProductAccountIds ?? [];
      for (const orderId of accepted.Order?.CreditCheckOrderIds ?? []) {
        const approved = await ok<{ ProductAccountId?: number }>(world, 'account.manager', 'CreditCheck', 'ApproveCreditCheckOrder', { request: { OrderId: orderId, Comment: 'Model approves.' } });
        if (approved.ProductAccountId) productAccountIds = [...productAccountIds, approved.ProductAccountId];
      }
      if (productAccountIds.length === accepted.Products.length) await expectTermsArrived(world, accepted, productAccountIds);
      return true;
    });
  }
}

async function jobDone(world: World, jobId: number) {
  for (let tries = 0; tries < 400; tries += 1) {
    const state = await ok<{ Status: string }>(world, 'reseller.admin', 'Marketplace', 'GetMarketplaceUpdateJob', { jobId });
    if (state.Status === 'Completed') return;
    expect(state.Status, `pricelist job ${jobId} failed\n${world.trail.join('\n')}`).not.toBe('Failed');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The price Contoso sees for a product is its pricelist of highest priority (lowest price_priority) holding it. */
async function expectTopPricelistPrice(world: World, product: Model['products'][number]) {
  // The oracle: the lowest price_priority among Contoso's pricelists holding the service.
  const expected = await db(world).one<{ sales_price: string; currency: string }>(
    `SELECT ms.sales_price, m.currency FROM marketplace_customers mc JOIN marketplaces m ON m.id = mc.marketplace_id
       JOIN marketplace_services ms ON ms.marketplace_id = m.id
      WHERE mc.account_id = $1 AND ms.service_id = $2 ORDER BY m.price_priority, m.id LIMIT 1`,
    [world.ids.contoso, product.ServiceId],
  );
  const seen = await ok<{ Products: { ServiceId: number; UnitPrice: number }[] }>(world, 'reseller.admin', 'Quotes', 'LoadCustomerQuoteProducts', {
    customerAccountId: world.ids.contoso,
    currency: expected!.currency,
  });
  const offered = seen.Products.find((entry) => Number(entry.ServiceId) === product.ServiceId);
  expect(offered?.UnitPrice, `the quoted price of ${product.ProductName} is not Contoso's top pricelist's\n${world.trail.join('\n')}`).toBe(Number(expected!.sales_price));
  // What the customer itself sees on its order screen.
  const own = await ok<{ Services: { Id: number; SalesPrice: number; Currency: string }[] }>(world, 'company.admin', 'Billing', 'GetCompanyAllowedServices', {});
  const mine = own.Services.find((entry) => Number(entry.Id) === product.ServiceId);
  expect(mine && { price: mine.SalesPrice, currency: mine.Currency }, `Contoso sees another price of ${product.ProductName}\n${world.trail.join('\n')}`).toEqual({
    price: Number(expected!.sales_price),
    currency: expected!.currency,
  });
}

/** A reseller re-prices a service in a pricelist of Contoso's; Contoso's price follows its pricelists' priority. */
export class Reprice implements Command {
  constructor(readonly product: number, readonly price: number) {}
  check = () => true;
  toString = () => `Reprice(product#${this.product}, ${this.price})`;
  async run(model: Model, world: World) {
    await step(world, this.toString(), async () => {
      const product = pick(model.products, this.product);
      const list = await db(world).one<{ id: number; name: string }>(
        `SELECT m.id, s.name FROM marketplaces m JOIN marketplace_customers mc ON mc.marketplace_id = m.id
           JOIN marketplace_services ms ON ms.marketplace_id = m.id JOIN services s ON s.id = ms.service_id
          WHERE mc.account_id = $1 AND ms.service_id = $2 ORDER BY m.id LIMIT 1`,
        [world.ids.contoso, product.ServiceId],
      );
      if (!list) return false;
      const job = await ok<{ JobId: number }>(world, 'reseller.admin', 'Marketplace', 'UpdateMarketplaceServices', {
        marketplaceOfferId: Number(list.id),
        marketplaceServiceList: [{ ServiceName: list.name, Prices: [{ PriceableItem: 'Recurring fee', SalesPrice: this.price }] }],
      });
      await jobDone(world, job.JobId);
      await expectTopPricelistPrice(world, product);
      return true;
    });
  }
}

/** A reseller opens a new pricelist for Contoso with its own priority and one price in it. */
export class NewPricelist implements Command {
  constructor(readonly product: number, readonly priority: number, readonly price: number) {}
  check = () => true;
  toString = () => `NewPricelist(product#${this.product}, priority ${this.priority}, ${this.price})`;
  async run(model: Model, world: World) {
    await step(world, this.toString(), async () => {
      const product = pick(model.products, this.product);
      const created = await ok<{ Id: number }>(world, 'reseller.admin', 'Marketplace', 'CreateMarketplace', {
        marketplaceOffer: { Name: `Model list ${Date.now().toString(36)}`, Currency: 'GBP', Description: 'Model pricelist', PricePriority: this.priority },
      });
      const service = await db(world).one<{ name: string }>('SELECT name FROM services WHERE id = $1', [product.ServiceId]);
      const job = await ok<{ JobId: number }>(world, 'reseller.admin', 'Marketplace', 'UpdateMarketplaceServices', {
        marketplaceOfferId: created.Id,
        marketplaceServiceList: [{ ServiceName: service!.name, Prices: [{ PriceableItem: 'Recurring fee', SalesPrice: this.price }] }],
      });
      await jobDone(world, job.JobId);
      await ok(world, 'reseller.admin', 'Marketplace', 'AddMarketplaceCustomers', { marketplaceId: created.Id, customerAccountIds: [world.ids.contoso] });
      await expectTopPricelistPrice(world, product);
      return true;
    });
  }
}

export class Impersonate implements Command {
  constructor(readonly target: 'basic.user' | 'company.admin') {}
  check = () => true;
  toString = () => `Impersonate(${this.target})`;
  async run(_model: Model, world: World) {
    await step(world, this.toString(), async () => {
      const userId = Number((await db(world).one<{ account_id: number }>('SELECT account_id FROM users WHERE username = $1', [this.target]))!.account_id);
      const as = await ok<{ UserAccountId: number; ImpersonatorAccountId: number }>(world, 'reseller.admin', 'Authorization', 'Impersonate', { userAccountId: userId });
      expect(as.UserAccountId).toBe(userId);
      const back = await ok<{ UserAccountId: number; ImpersonatorAccountId: number | null }>(world, 'reseller.admin', 'Authorization', 'Unimpersonate', {});
      expect(back.ImpersonatorAccountId).toBeNull();
      return true;
    });
  }
}

const FORBIDDEN: [Actor, string, string, (world: World, model: Model) => unknown][] = [
  ['basic.user', 'Account', 'CreateAccount', (world) => ({ parentAccountId: world.ids.contoso, accountType: 'Department', viewValues: { Values: { DisplayName: 'Nope', Country: 'United Kingdom', Currency: 'GBP' } } })],
  ['basic.user', 'Account', 'TerminateAccount', (world) => ({ accountId: world.ids.contoso, terminationReason: 'Other' })],
  ['basic.user', 'Quotes', 'CreateQuote', (world) => ({ quote: { Name: 'x', CustomerAccountId: world.ids.contoso, Currency: 'GBP', Products: [] } })],
  ['basic.user', 'Security', 'DeleteRole', () => ({ roleId: 6 })],
  ['company.admin', 'Account', 'TerminateAccount', (world) => ({ accountId: world.ids.fabrikam, terminationReason: 'Other' })],
  ['company.admin', 'Account', 'CreateAccount', (world) => ({ parentAccountId: world.ids.fabrikam, accountType: 'Department', viewValues: { Values: { DisplayName: 'Nope', Country: 'United Kingdom', Currency: 'GBP' } } })],
  ['company.admin', 'Account', 'UpdateAccount', (world) => ({ accountId: world.ids.fabrikam, viewValues: { Values: { DisplayName: 'Taken over' } } })],
  ['company.admin', 'Account', 'MoveAccount', (world, model) => ({ accountId: alive(model)[0]?.id ?? world.ids.contoso, newParentAccountId: world.ids.fabrikam })],
  ['company.admin', 'Security', 'UpdateRole', () => ({ role: { Id: 1, Name: 'Mine now', CapabilitySetIds: [] } })],
  ['vendor.admin', 'Marketplace', 'AddMarketplaceCustomers', (world) => ({ marketplaceId: 1, customerAccountIds: [world.ids.contoso] })],
  ['reseller.admin', 'Account', 'UpdateAccount', () => ({ accountId: 1, viewValues: { Values: { DisplayName: 'Mine now' } } })],
];

/** Someone tries what they may not: across tenants, above their reach, beyond their rights. */
export class Forbidden implements Command {
  constructor(readonly which: number) {}
  check = () => true;
  toString = () => `Forbidden(${FORBIDDEN[this.which % FORBIDDEN.length].slice(0, 3).join(' ')})`;
  async run(model: Model, world: World) {
    await step(world, this.toString(), async () => {
      const [actor, service, method, body] = FORBIDDEN[this.which % FORBIDDEN.length];
      await refused(world, actor, service, method, body(world, model));
      return false;
    });
  }
}
