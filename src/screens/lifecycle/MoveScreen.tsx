/**
 * /move?accountId=… (ACCOUNT_MOVE): choose the account, then one of the
 * parents the server offers (GetPossbileParentsForAccountMove: the layout's
 * parent types, never the account itself or its subtree, within reach), check
 * the summary, then MoveAccount. The steps are the wizard layout wizards/move
 * (server/layouts/wizards), editable in the studio; the account it is about
 * and whether it can go anywhere stay drawn here.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { chosenAccountLabel, wizardServices, type FormModel } from '../../../engine/forms';
import { useLayoutForm, WizardForm } from '../../../renderers/forms';
import type { Capability } from '../../contract/capabilities';
import type { WizardLayout } from '../../contract/services/wizard-schemas';
import { AccountPicker } from '../../components/AccountPicker';
import { AccountTypeIcon } from '../../components/AccountTypeIcon';
import { showSuccess } from '../../messages';
import { useCurrentUser } from '../../session/current-user';
import { useUnsavedChangesGuard } from '../../shell/unsaved-changes';
import { runWizardCall, useWizardLayout, useWizardModel, useWizardSourceLoader, wizardErrorText } from '../wizards/use-wizard';
import { accountIdFromQuery, useMoveParents } from './lifecycle-queries';

const MOVE_WIZARD = 'wizards/move';
const NO_CAPABILITIES: Capability[] = [];

function MoveForm({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const parents = useMoveParents(accountId);
  if (parents.isError) return <Alert severity="error" data-testid="move-load-error">{parents.error instanceof Error ? parents.error.message : t('lifecycle.move.loadFailed')}</Alert>;
  if (!parents.data) return <LinearProgress />;
  const account = parents.data.Account;
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2} sx={{ maxWidth: 560 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <AccountTypeIcon type={account.AccountType} />
            <Link component={RouterLink} to={`/account/${account.AccountId}`} variant="h6" underline="hover" data-testid="move-account-name">
              {account.DisplayName}
            </Link>
          </Stack>
          {parents.data.Parents.length === 0 ? (
            <Alert severity="info">{t('lifecycle.move.noParents')}</Alert>
          ) : (
            <MoveWizard accountId={accountId} accountName={account.DisplayName} />
          )}
          {parents.data.HasMore && <Typography variant="caption">{t('lifecycle.move.more')}</Typography>}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The wizard layout wizards/move for this account; after a move it starts again (the offered parents changed). */
function MoveWizard({ accountId, accountName }: { accountId: number; accountName: string }) {
  const { t } = useTranslation();
  const wizard = useWizardLayout(MOVE_WIZARD);
  const model = useWizardModel(wizard.data, useCurrentUser().data?.Capability ?? NO_CAPABILITIES);
  const [round, setRound] = useState(0);
  if (wizard.isError) return <Alert severity="error">{t('lifecycle.move.loadFailed')}</Alert>;
  if (!wizard.data || !model) return <LinearProgress />;
  return <MoveSteps key={round} wizard={wizard.data} model={model} accountId={accountId} accountName={accountName} onMoved={() => setRound((value) => value + 1)} />;
}

function MoveSteps({ wizard, model, accountId, accountName, onMoved }: { wizard: WizardLayout; model: FormModel; accountId: number; accountName: string; onMoved(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const context = useMemo(() => ({ accountId }), [accountId]);
  const load = useWizardSourceLoader();
  const services = useMemo(() => wizardServices(wizard, context, load), [wizard, context, load]);
  const form = useLayoutForm(model, { services });
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesGuard(dirty);
  const onDone = (result: unknown) => {
    const moved = (result as { MovedAccounts?: number }).MovedAccounts ?? 0;
    showSuccess(t('lifecycle.move.done', { name: accountName, parent: chosenAccountLabel(wizard, form.store), count: moved }));
    for (const queryKey of [['wizardSource'], ['accountTree'], ['account'], ['partialHierarchy']]) void queryClient.invalidateQueries({ queryKey });
    onMoved();
  };
  return <WizardForm wizard={wizard} form={form} context={context} run={runWizardCall} errorText={wizardErrorText} onDone={onDone} onDirtyChange={setDirty} />;
}

export default function MoveScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const accountId = accountIdFromQuery(search);
  // The picker shows the account the screen is about (the form's query, shared through its cache).
  const chosen = useMoveParents(accountId).data?.Account;
  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto' }} data-testid="move-screen">
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('lifecycle.move.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('lifecycle.move.intro')}
      </Typography>
      <Box sx={{ maxWidth: 480, mb: 2 }}>
        <AccountPicker
          value={chosen ?? null}
          includeDepartment
          label={t('lifecycle.move.chooseAccount')}
          onChange={(picked) => picked && setSearch({ accountId: String(picked.AccountId) })}
          data-testid="move-picker"
        />
      </Box>
      {accountId !== undefined && <MoveForm key={accountId} accountId={accountId} />}
    </Box>
  );
}
