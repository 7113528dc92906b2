/** The accounts screen and the search results page (issue 16), registered in server/services/registry.ts. */
import { requireCaller } from '../context';
import { defineHandlers } from '../define-handlers';
import { loadNode } from '../lifecycle/account-nodes';
import { readChildrenPage } from './children-grid';
import { searchAccountsPage } from './search-page';

export const accountsScreenHandlers = defineHandlers('Account', {
  async GetAccountChildren(ctx, body) {
    requireCaller(ctx);
    // The dispatcher checked the id against the caller's reach; an unknown id is a 404.
    await loadNode(ctx.db, body.accountId);
    return readChildrenPage(ctx.db, body.accountId, body.showTerminatedAccounts === true, body.query);
  },

  async SearchAccountsPage(ctx, body) {
    const caller = requireCaller(ctx);
    return searchAccountsPage(ctx.db, caller.loaded.scopePath, body.text, body.startRow, body.pageSize ?? undefined);
  },
});
