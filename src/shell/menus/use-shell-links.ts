import { useCallback, useMemo } from 'react';
import { getBranding } from '../../branding';
import type { SessionUser } from '../../../contract';
import { useRouteTable } from '../../router/route-table-context';
import { organisationIdOf, useCurrentUser } from '../../session/current-user';
import { createShellLinkResolver, SHELL_LINKS, type ResolveShellLink, type ShellLinkId } from '../links';
import type { MenuUser } from './shell-menus';

export function menuUserOf(user: SessionUser): MenuUser {
  return {
    capabilities: user.Capability,
    userAccountId: user.UserAccountId,
    organisationId: organisationIdOf(user),
    isImpersonated: user.ImpersonatorAccountId !== null,
  };
}

const NOBODY: MenuUser = { capabilities: [], userAccountId: 0, organisationId: 0, isImpersonated: false };

/** The signed-in user's menu facts and the link resolver for the configured legacy app and this app's routes. */
export function useShellLinks(): { user: MenuUser; sessionUser: SessionUser | undefined; resolve: ResolveShellLink } {
  const { data: sessionUser } = useCurrentUser();
  const routes = useRouteTable();
  return useMemo(() => {
    const user = sessionUser ? menuUserOf(sessionUser) : NOBODY;
    const resolve = createShellLinkResolver({ legacyAppUrl: getBranding().legacy_app_url, routes, capabilities: user.capabilities });
    return { user, sessionUser, resolve };
  }, [sessionUser, routes]);
}

/** The shell's links for screen definitions (a `shellLink` names one by its id); an unknown id leads nowhere. */
export function useLinkResolver(): (id: string, params: Record<string, string | number>) => ReturnType<ResolveShellLink> {
  const { resolve } = useShellLinks();
  return useCallback((id, params) => (Object.hasOwn(SHELL_LINKS, id) ? resolve(id as ShellLinkId, params) : undefined), [resolve]);
}
