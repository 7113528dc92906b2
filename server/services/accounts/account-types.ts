/**
 * Account/ListAccountTypes (issue 33): the account types of the served
 * layouts the caller may see — those whose capability it holds any flag of, and
 * those of the accounts on its own line — with their texts in its language and
 * the tabs of their page it may open. The client's New menus, create routes,
 * account page and value texts all read this one answer.
 */
import type { AccountTypeInfo } from '../../../contract/account-types';
import { hasCapability } from '../../auth/session-user';
import { fileScreenLookup, type AccountTypeEntry } from '../../forms/account-types';
import type { LayoutFileTab } from '../../forms/layout-file-schema';
import { layoutCatalogue } from '../../forms/layout-registry';
import { layoutTextLookup } from '../../forms/layout-texts';
import { clientText } from '../values/value-texts';
import { requireCaller } from '../context';
import { defineHandlers } from '../define-handlers';

/** A text of a layout in a language: its Texts, the server texts, then the client texts (type names, tab titles). */
export function typeText(locale: string) {
  const lookup = layoutTextLookup(locale);
  return (entry: AccountTypeEntry, key: string) => {
    const found = lookup(entry.layout, key);
    return found !== key ? found : (clientText(locale, key) ?? key);
  };
}

/** A tab's title key: its Label, else the title of the definition it draws (a text key), else its path. */
function tabTitleKey(tab: LayoutFileTab, screens: ReturnType<typeof fileScreenLookup>): string {
  if (tab.Label) return tab.Label;
  const title = tab.Definition ? (screens(tab.Definition) as { title?: unknown } | undefined)?.title : undefined;
  return typeof title === 'string' ? title : tab.Path;
}

export const accountTypeHandlers = defineHandlers('Account', {
  async ListAccountTypes(ctx) {
    const caller = requireCaller(ctx);
    const capabilities = caller.loaded.user.Capability;
    const ownLine = await ctx.db.query<{ account_type: string }>(
      `SELECT DISTINCT account_type FROM accounts WHERE id = ANY (string_to_array($1, '/')::bigint[]) OR id = $2`,
      [caller.loaded.user.AccountPath ?? '', caller.loaded.user.UserAccountId],
    );
    const onLine = new Set(ownLine.map((row) => row.account_type));
    const text = typeText(ctx.locale);
    const screens = fileScreenLookup();
    const answer: AccountTypeInfo[] = [];
    for (const entry of layoutCatalogue(ctx).types.values()) {
      const capability = entry.layout.Capability ?? null;
      const holds = (flag: 'Read' | 'Execute' | 'Create' | 'Delete') => capability !== null && hasCapability(capabilities, capability, flag);
      if (!onLine.has(entry.accountType) && !['Read', 'Execute', 'Create', 'Delete'].some((flag) => holds(flag as 'Read'))) continue;
      answer.push({
        AccountType: entry.accountType,
        Label: text(entry, entry.typeLabel),
        Icon: entry.icon,
        Color: entry.color,
        IdentificatorPrefix: entry.layout.IdentificatorPrefix ?? null,
        ParentTypes: [...(entry.layout.ParentTypes ?? [])],
        Segment: entry.segment,
        Organisation: entry.organisation,
        Capability: capability,
        MayCreate: entry.creatable && holds('Create'),
        Tabs: entry.tabs
          .filter((tab) => !tab.Requires || tab.Requires.some((need) => hasCapability(capabilities, need.ObjectType, need.Flag)))
          .map((tab) => ({
            Path: tab.Path,
            Label: text(entry, tabTitleKey(tab, screens)),
            ...(tab.Definition ? { Definition: tab.Definition } : {}),
            ...(tab.Host ? { Host: tab.Host } : {}),
          })),
        Actions: [...entry.actions],
      });
    }
    return answer.sort((a, b) => (layoutCatalogue(ctx).types.get(a.AccountType)?.rank ?? 0) - (layoutCatalogue(ctx).types.get(b.AccountType)?.rank ?? 0) || a.AccountType.localeCompare(b.AccountType));
  },
});
