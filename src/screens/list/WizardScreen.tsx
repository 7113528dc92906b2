import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { DefinedWizard } from '../../../renderers/forms';
import { callByName } from '../../api';
import { AccountPicker } from '../../components/AccountPicker';
import { AccountTypeIcon } from '../../components/AccountTypeIcon';
import { showSuccess } from '../../messages';
import { useMatchedRoute } from '../../router/matched-route';
import { useCurrentUser } from '../../session/current-user';
import { useUnsavedChangesReport } from '../../shell/unsaved-changes';

/** A wizard layout on a route (issue 33): `/wizard/:wizardName`, or the one drawnBy names (`/move`); the query is its context, kept as its picker changes it. */
export default function WizardScreen() {
  const { wizardName = '' } = useParams();
  const drawnBy = useMatchedRoute()?.drawnBy;
  const name = drawnBy && 'wizard' in drawnBy && drawnBy.wizard !== '*' ? drawnBy.wizard : `wizards/${wizardName}`;
  const [search, setSearch] = useSearchParams();
  const context = useMemo(() => Object.fromEntries(search.entries()), [search]);
  const onDirtyChange = useUnsavedChangesReport();
  const capabilities = useCurrentUser().data?.Capability;
  return (
    <DefinedWizard
      key={name}
      {...{ name, context, call: callByName, onContextChange: setSearch, onSuccess: showSuccess, onDirtyChange, capabilities }}
      renderPicker={({ label, account, onPick }) => <AccountPicker value={account} includeDepartment label={label} onChange={(picked) => picked && onPick(picked.AccountId)} />}
      accountIcon={(type) => <AccountTypeIcon type={type} />}
    />
  );
}
