import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { formIsEditable, layoutToFormModel } from '../../../engine/forms';
import { defaultRendererRegistry, LayoutForm, LayoutSaveBar, useLayoutForm } from '../../../renderers/forms';
import { callService } from '../../api';
import type { SessionUser } from '../../../contract';
import type { LoadedAccount, ViewLayout } from '../../../contract/services/account-schemas';
import { showSuccess } from '../../messages';
import { CURRENT_USER_QUERY_KEY } from '../../session';
import { PageSpinner } from '../../components/PageSpinner';
import { useUnsavedChangesGuard } from '../../shell/unsaved-changes';
import { rememberAccount, useViewLayout } from './account-queries';
import { accountFormServices, mfaServices } from './form-services';

interface Props {
  account: LoadedAccount;
  user: SessionUser;
}

/** The account's own fields from its layout: shown read-only, edited in place, saved field by field. */
export function AccountDetails({ account, user }: Props) {
  const [editing, setEditing] = useState(false);
  const view = useViewLayout(account.AccountType, 'VIEW', account.ProductName);
  const edit = useViewLayout(account.AccountType, 'EDIT', account.ProductName, editing);
  if (!view.data) return <PageSpinner />;
  const canEdit = account.AccountState !== 'Terminated' && formIsEditable(view.data, 'edit', user.Capability);
  if (editing && edit.data) return <EditForm account={account} user={user} layout={edit.data} onDone={() => setEditing(false)} />;
  return <ViewForm account={account} user={user} layout={view.data} onEdit={canEdit ? () => setEditing(true) : undefined} />;
}

function useModel(account: LoadedAccount, user: SessionUser, layout: ViewLayout, mode: 'view' | 'edit') {
  return useMemo(
    () => layoutToFormModel(layout, { mode, views: account.Views, capabilities: user.Capability, testers: defaultRendererRegistry.testers }),
    [account.Views, layout, mode, user.Capability],
  );
}

function useServices(account: LoadedAccount) {
  return useMemo(
    () => accountFormServices({ accountType: account.AccountType, productName: account.ProductName, accountId: account.AccountId }),
    [account.AccountType, account.ProductName, account.AccountId],
  );
}

function ViewForm({ account, user, layout, onEdit }: Props & { layout: ViewLayout; onEdit?: () => void }) {
  const { t } = useTranslation();
  const model = useModel(account, user, layout, 'view');
  const form = useLayoutForm(model, { services: useServices(account) });
  return (
    <Stack spacing={2}>
      {onEdit && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button variant="contained" startIcon={<EditIcon />} onClick={onEdit} data-testid="account-edit">
            {t('forms.edit')}
          </Button>
        </Box>
      )}
      <LayoutForm form={form} />
    </Stack>
  );
}

function EditForm({ account, user, layout, onDone }: Props & { layout: ViewLayout; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const model = useModel(account, user, layout, 'edit');
  const form = useLayoutForm(model, { services: useServices(account) });
  const mfa = useMemo(() => mfaServices(user, () => void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY })), [user, queryClient]);
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesGuard(dirty);

  const save = async () => {
    const result = await form.submit(async (changes) => {
      const saved = await callService('Account', 'UpdateAccount', { accountId: account.AccountId, viewValues: changes });
      rememberAccount(queryClient, saved);
      if (account.AccountId === user.CompanyAccount?.AccountId || account.AccountId === user.UserAccountId) {
        void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      }
    });
    if (!result.ok) return;
    showSuccess(t('account.saved'));
    flushSync(() => setDirty(false));
    onDone();
  };

  return (
    <Stack spacing={2} component="form" onSubmit={(event) => { event.preventDefault(); void save(); }} noValidate>
      <LayoutForm form={form} mfa={mfa} onDirtyChange={setDirty} />
      <LayoutSaveBar form={form} onCancel={() => { flushSync(() => setDirty(false)); onDone(); }} />
    </Stack>
  );
}
