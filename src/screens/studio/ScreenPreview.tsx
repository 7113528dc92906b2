import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath } from 'react-router-dom';
import type { ScreenDefinition } from '../../../engine/grids';
import { DefinedScreen } from '../../../renderers/grids/DefinedScreen';
import type { Capability } from '../../../contract/capabilities';
import { withImpliedCapabilities } from '../../../contract/capability-implications';
import { isPreviewSafeMethod } from '../../../contract/read-only-methods';
import { getBranding } from '../../branding';
import { showError, showSuccess } from '../../messages';
import { displayNameOf, organisationIdOf, useCurrentUser, userAccountPathOf } from '../../session/current-user';
import { appDialogs } from '../../shell/app-dialogs';
import { gridServiceCaller } from '../list/grid-service-caller';
import { useDefinitionLoader } from '../list/use-screen-definition';
import { LinesPreview } from './LinesPreview';
import { PreviewRolePicker, usePreviewRole } from './PreviewRolePicker';

/**
 * A screen-definition draft drawn as its route would draw it (the engine's <DefinedScreen>, every kind),
 * against the real data with the author's own capabilities and company, or as a chosen role (the rows
 * still come with the author's reach). Only a draft that passes its checks is drawn. Its context is the
 * host's (the author's organisation, name, company) and the draft's sample record (`previewContext`).
 * A preview changes nothing: only methods that read are sent, any other answers "not sent". A move to
 * another address of the draft's own route (a runner's chosen row, a tree's node) stays in the preview;
 * elsewhere it says where it would go. A line editor gets one new line to type into.
 */
export function ScreenPreview({ source }: { source: string | undefined }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const definition = useMemo(() => (source === undefined ? undefined : (JSON.parse(source) as ScreenDefinition)), [source]);
  const preview = usePreviewRole();
  const { roleId, role } = preview;
  const capabilities = useMemo(() => (role ? withImpliedCapabilities(role.Capabilities as Capability[]) : user?.Capability), [role, user?.Capability]);
  const loadDefinition = useDefinitionLoader();
  const [routeParams, setRouteParams] = useState<Record<string, string>>({});

  const context = useMemo(() => {
    if (!user) return {};
    const own = String(organisationIdOf(user));
    const company = user.CompanyAccount?.AccountId;
    const sample = definition?.recordPage?.previewContext ?? definition?.linkLists?.previewContext ?? {};
    return { brandingTitle: getBranding().title, userName: displayNameOf(user), accountId: own, ownAccountId: own, userAccountPath: userAccountPathOf(user), ...(company ? { companyId: String(company) } : {}), ...sample, ...routeParams };
  }, [user, definition, routeParams]);

  const callService = useCallback<typeof gridServiceCaller>(
    (service, method, body, options) => (isPreviewSafeMethod(method) ? gridServiceCaller(service, method, body, options) : Promise.reject(new Error(t('studio.preview.notSent', { method })))),
    [t],
  );
  const navigate = useCallback(
    (to: string) => {
      const path = to.replace(/^#/, '').split('?')[0];
      const match = definition?.route ? matchPath(definition.route, path) : null;
      if (match) setRouteParams(Object.fromEntries(Object.entries(match.params).filter((entry): entry is [string, string] => Boolean(entry[1]))));
      else showSuccess(t('studio.preview.wouldOpen', { to }));
    },
    [definition?.route, t],
  );

  return (
    <Box data-testid="studio-screen-preview" sx={{ minWidth: 0 }}>
      <PreviewRolePicker preview={preview} testId="studio-screen-preview-role" />
      {!definition && <Alert severity="warning">{t('studio.preview.fixProblems')}</Alert>}
      {definition?.lineEditor && user && <LinesPreview key={`${source}:${roleId}`} definition={definition} capabilities={capabilities ?? user.Capability} />}
      {definition && !definition.lineEditor && user && (
        <DefinedScreen
          key={`${source}:${roleId}`}
          definition={definition}
          context={context}
          capabilities={capabilities ?? user.Capability}
          userId={user.UserAccountId}
          callService={callService}
          onError={(text) => showError(text)}
          onSuccess={(text) => showSuccess(text)}
          height={420}
          {...{ navigate, loadDefinition, dialogs: appDialogs }}
        />
      )}
    </Box>
  );
}
