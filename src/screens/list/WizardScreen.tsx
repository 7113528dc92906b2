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

/**
 * A wizard layout on a route (issue 33): `/wizard/:wizardName`, or the one drawnBy names (`/move`,
 * `/upgrade-subscription/:accountId`); the query and the route's parameters are its context, the query
 * kept as its picker changes it.
 */
export default function WizardScreen() {
  const { wizardName = '', ...params } = useParams();
  const drawnBy = useMatchedRoute()?.drawnBy;
  const name = drawnBy && 'wizard' in drawnBy && drawnBy.wizard !== '*' ? drawnBy.wizard : `wizards/${wizardName}`;
  const [search, setSearch] = useSearchParams();
  const paramsKey = JSON.stringify(params); // its content: useParams makes a new object every render
  const context = useMemo(() => ({ ...Object.fromEntries(search.entries()), ...(JSON.parse(paramsKey) as Record<string, string>) }), [search, paramsKey]);
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
