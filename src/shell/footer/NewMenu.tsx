import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useAccount } from '../../screens/account/account-queries';
import { parentForNew, useAccountTypes, type AccountTypeInfo } from '../../screens/account/account-types';
import { useCurrentUser } from '../../session';
import { SHELL_LINKS, type ShellLinkId, type ShellLinkTarget } from '../links';
import { newMenuFor } from '../menus/shell-menus';
import { useShellLinks } from '../menus/use-shell-links';
import { ShellLinkMenuItem } from '../ShellLinkMenuItem';
import { accountIdOnScreen } from './account-on-screen';

const NEW_ROUTE = /^\/account\/new\/([a-z][a-z0-9-]*)$/;

/** A type's entry: its host-app link when the host app has one (newUser, …), else its create route. */
const entryId = (type: AccountTypeInfo) => `new${type.Segment.charAt(0).toUpperCase()}${type.Segment.slice(1)}`;

/**
 * The footer's New button (spec §2, §6): what the user may create; disabled when nothing.
 * On an account's page or the accounts screen it creates under the account shown (or the
 * nearest account above it the new type may sit under); elsewhere under the user's own.
 */
export function NewMenu() {
  const { t } = useTranslation();
  const { user, resolve } = useShellLinks();
  const { data: session } = useCurrentUser();
  const { pathname } = useLocation();
  const account = useAccount(accountIdOnScreen(pathname)).data;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const types = useAccountTypes().data;
  // The types the user may create, lowest in the tree first (subscriptions, users, departments, …), then the others.
  const typeLinks = [...(types ?? [])].reverse().flatMap((type) => {
    const id = entryId(type);
    const linked = Object.hasOwn(SHELL_LINKS, id) ? resolve(id as ShellLinkId) : undefined;
    const target: ShellLinkTarget = linked ?? { kind: 'route', to: `/account/new/${type.Segment}` };
    return type.MayCreate ? [{ id, target, label: type.Label }] : [];
  });
  const links = [...typeLinks, ...newMenuFor(user, resolve)];

  const inContext = (target: ShellLinkTarget): { target: ShellLinkTarget; parent?: number } => {
    const match = target.kind === 'route' ? NEW_ROUTE.exec(target.to) : null;
    const type = match ? types?.find((candidate) => candidate.Segment === match[1]) : undefined;
    const parent = match && account && session ? parentForNew(account, type, session.AccountPath) : undefined;
    return parent === undefined || !match ? { target } : { target: { kind: 'route', to: `/account/${parent}/new/${match[1]}` }, parent };
  };
  const entries = links.map((link) => ({ link, ...inContext(link.target) }));
  const contextName = account && entries.some((entry) => entry.parent === account.AccountId) ? String(account.Views.Values?.DisplayName ?? '') : undefined;

  return (
    <>
      <Button
        variant="contained"
        size="small"
        startIcon={<AddIcon />}
        disabled={links.length === 0}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? 'new-menu' : undefined}
        data-testid="new-menu-button"
      >
        {t('shell.new.button')}
      </Button>
      <Menu id="new-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {contextName && (
          <ListSubheader sx={{ lineHeight: 2.5 }} data-testid="new-menu-context">
            {t('accountsScreen.newUnder', { name: contextName })}
          </ListSubheader>
        )}
        {entries.map(({ link, target }) => (
          <ShellLinkMenuItem key={link.id} target={target} onClick={() => setAnchor(null)} testId={`new-${link.id}`}>
            {link.label ?? t(`shell.new.${link.id}`)}
          </ShellLinkMenuItem>
        ))}
      </Menu>
    </>
  );
}
