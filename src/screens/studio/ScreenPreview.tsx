import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenDefinition } from '../../../engine/grids';
import { DefinedForm, DefinedGrid, DefinedRecord, DefinedRunner, LinkLists } from '../../../renderers/grids';
import type { Capability } from '../../../contract/capabilities';
import { withImpliedCapabilities } from '../../../contract/capability-implications';
import { showError, showSuccess } from '../../messages';
import { useCurrentUser } from '../../session/current-user';
import { gridServiceCaller } from '../list/grid-service-caller';
import { LinesPreview } from './LinesPreview';
import { PreviewRolePicker, usePreviewRole } from './PreviewRolePicker';

/**
 * A screen-definition draft rendered by <DefinedGrid> against the real data
 * source with the author's own capabilities and company (what the screen would
 * show them once published), or as a chosen role: its columns, filters and
 * actions as that role's capabilities give them (the rows still come with the
 * author's reach). Only a source that passes its checks is drawn. A record
 * page opens on its previewContext (a sample record), its sections, sources,
 * rows and links as the role's capabilities give them. A runner lists its rows and runs the one chosen
 * in the preview (held here, not in the route). Link lists open on their previewContext (a sample search text);
 * their shell links take their fallback routes. A form is drawn as it is, its password checks answered, but never sent.
 */
export function ScreenPreview({ source }: { source: string | undefined }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const definition = useMemo(() => (source === undefined ? undefined : (JSON.parse(source) as ScreenDefinition)), [source]);
  const preview = usePreviewRole();
  const { roleId, role } = preview;
  const [chosen, setChosen] = useState<string>();
  const capabilities = useMemo(() => (role ? withImpliedCapabilities(role.Capabilities as Capability[]) : user?.Capability), [role, user?.Capability]);
  return (
    <Box data-testid="studio-screen-preview" sx={{ minWidth: 0 }}>
      <PreviewRolePicker preview={preview} testId="studio-screen-preview-role" />
      {!definition && <Alert severity="warning">{t('studio.preview.fixProblems')}</Alert>}
      {definition?.lineEditor && user && <LinesPreview key={`${source}:${roleId}`} definition={definition} capabilities={capabilities ?? user.Capability} />}
      {definition?.recordPage && user && (
        <DefinedRecord key={`${source}:${roleId}`} definition={definition} context={definition.recordPage.previewContext ?? {}} capabilities={capabilities ?? user.Capability} callService={gridServiceCaller} />
      )}
      {definition?.runner && user && (
        <DefinedRunner
          key={`${source}:${roleId}`}
          definition={{ ...definition, runner: definition.runner }}
          context={{ accountId: user.CompanyAccount?.AccountId, [definition.runner.choice.context]: chosen }}
          capabilities={capabilities ?? user.Capability}
          userId={user.UserAccountId}
          callService={gridServiceCaller}
          onError={(text) => showError(text)}
          onChoose={setChosen}
        />
      )}
      {definition?.linkLists && user && (
        <LinkLists
          key={`${source}:${roleId}`}
          definition={{ ...definition, linkLists: definition.linkLists }}
          context={definition.linkLists.previewContext ?? {}}
          capabilities={capabilities ?? user.Capability}
          callService={gridServiceCaller}
        />
      )}
      {definition?.form && (
        <DefinedForm
          key={`${source}:${roleId}`}
          definition={{ ...definition, form: definition.form }}
          context={{}}
          // The password check answers; the form itself is not sent (a preview changes nothing).
          callService={(service, method, body, options) => (method === definition.form?.submit?.method ? Promise.reject(new Error(t('studio.preview.formNotSent'))) : gridServiceCaller(service, method, body, options))}
        />
      )}
      {definition && !definition.lineEditor && !definition.recordPage && !definition.runner && !definition.linkLists && !definition.form && user && (
        <DefinedGrid
          key={`${source}:${roleId}`}
          definition={definition}
          context={{ accountId: user.CompanyAccount?.AccountId }}
          capabilities={capabilities ?? user.Capability}
          userId={user.UserAccountId}
          callService={gridServiceCaller}
          onError={(text) => showError(text)}
          onSuccess={(text) => showSuccess(text)}
          height={420}
        />
      )}
    </Box>
  );
}
