/**
 * Account/GetDashboard (extension): the cards of cards/*.json the caller may
 * see, each computed by its data source within the caller's reach. A card
 * whose capability the caller lacks is neither computed nor returned. The
 * sources run concurrently (one request, several statements on a pool); the
 * time taken goes out as a Server-Timing header (bench/dashboard.ts reads it).
 */
import { hasCapability } from '../../auth/session-user';
import { requireCaller, type Caller } from '../context';
import { defineHandlers } from '../define-handlers';
import { readCards, type CardDefinition } from './card-definition';
import { DATA_SOURCE_NAMES, DATA_SOURCES, organisationOf, type DashboardScope, type Organisation } from './data-sources';

let cached: CardDefinition[] | undefined;
/** The card files, read and checked once per server process. */
export const dashboardCards = () => (cached ??= readCards(DATA_SOURCE_NAMES));

const maySee = (caller: Caller, card: CardDefinition) =>
  !card.capability || card.capability.some((entry) => hasCapability(caller.loaded.user.Capability, entry.objectType, entry.flag));

export const dashboardHandlers = defineHandlers('Account', {
  async GetDashboard(ctx) {
    const started = performance.now();
    const caller = requireCaller(ctx);
    let organisation: Promise<Organisation> | undefined;
    const scope: DashboardScope = {
      ctx,
      db: ctx.db,
      caller,
      path: caller.loaded.scopePath,
      userId: caller.loaded.user.UserAccountId,
      organisation: () => (organisation ??= organisationOf(ctx.db, caller)),
      today: new Date(),
    };
    const visible = dashboardCards().filter((card) => maySee(caller, card));
    const figures = await Promise.all(visible.map((card) => DATA_SOURCES[card.dataSource](scope)));
    const organisationId = organisation ? (await organisation).id : undefined;
    const cards = visible.flatMap((card, index) => {
      const figure = figures[index];
      if (!figure) return [];
      const link = card.link?.includes('{organisationId}')
        ? organisationId === undefined
          ? null
          : card.link.replace('{organisationId}', String(organisationId))
        : card.link;
      const action = card.action && figure.Count > 0 ? { Action: { Id: card.action.id, Kind: card.action.kind, Dialog: card.action.dialog, Label: card.action.label } } : {};
      const itemLine = card.itemLine ? { ItemLine: { Primary: card.itemLine.primary, Secondary: card.itemLine.secondary } } : {};
      return [{ Id: card.id, Kind: card.kind, Title: card.title, Description: card.description, Link: link, ...figure, ...action, ...itemLine }];
    });
    ctx.reply.header('Server-Timing', `dashboard;dur=${(performance.now() - started).toFixed(1)}`);
    return { Cards: cards };
  },
});
