import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { satisfiesCheck } from '../../../engine/shared';
import { callService } from '../../api';
import { AccountPicker, type PickedAccount } from '../../components/AccountPicker';
import { showSuccess } from '../../messages';
import { useCurrentUser } from '../../session/current-user';
import { methodTypeKey } from '../mfa/method-labels';

type Kind = 'TOTP' | 'EMAIL' | 'PASSKEY';
const KINDS: Kind[] = ['TOTP', 'EMAIL', 'PASSKEY'];

interface Draft {
  enforced: boolean;
  hierarchy: boolean;
  /** Empty: every kind. */
  allowed: Kind[];
  exceptions: PickedAccount[];
}

/**
 * The company's MFA policy on its Security tab (spec §4, §6; issue 23): enforced for the company or its
 * whole hierarchy, the kinds allowed (passkeys only = phishing-resistant), exceptions picked from the
 * hierarchy, where an inherited policy comes from, and how many users the policy as edited would send
 * to set up a method at their next sign-in.
 */
export function MfaPolicyPanel({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayEdit = satisfiesCheck(useCurrentUser().data?.Capability ?? [], { ObjectType: 'MFA', Execute: true });
  const stored = useQuery({
    queryKey: ['identity', 'mfaPolicy', companyId],
    queryFn: async () => {
      const [company, hierarchy, overview] = await Promise.all([
        callService('Account', 'GetMFAPolicy', { companyAccountId: companyId }),
        callService('Account', 'GetHierarchyMFAPolicy', { companyAccountId: companyId }),
        callService('Account', 'GetMfaPolicyOverview', { companyAccountId: companyId }),
      ]);
      return { company, hierarchy, overview };
    },
  });
  const [draft, setDraft] = useState<Draft>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!stored.data) return;
    const { company, hierarchy, overview } = stored.data;
    setDraft({
      enforced: company.IsEnforced,
      hierarchy: hierarchy.IsEnforced,
      allowed: (company.AllowedMethods ?? []) as Kind[],
      exceptions: overview.Exceptions.map(({ AccountId, DisplayName, AccountType }) => ({ AccountId, DisplayName, AccountType })),
    });
  }, [stored.data]);
  const preview = useQuery({
    queryKey: ['identity', 'mfaPolicyPreview', companyId, draft?.hierarchy, draft?.allowed, draft?.exceptions.map((account) => account.AccountId)],
    enabled: draft !== undefined,
    placeholderData: keepPreviousData,
    queryFn: () =>
      callService('Account', 'GetMfaPolicyOverview', {
        companyAccountId: companyId,
        hierarchy: draft!.hierarchy,
        allowedMethods: draft!.allowed.length > 0 ? draft!.allowed : null,
        exceptionAccountIds: draft!.exceptions.map((account) => account.AccountId),
      }),
  });
  if (!draft || !stored.data) return null;
  const inherited = stored.data.overview.InheritedFrom;
  const change = (patch: Partial<Draft>) => {
    setError(undefined);
    setDraft({ ...draft, ...patch });
  };

  const save = async () => {
    setSaving(true);
    setError(undefined);
    const policy = {
      CompanyAccountId: companyId,
      ExceptionAccountIds: draft.exceptions.map((account) => account.AccountId),
      AllowedMethods: draft.allowed.length > 0 ? draft.allowed : null,
    };
    try {
      // The hierarchy reading implies the company's; switching it off keeps the company's own setting.
      if (stored.data.hierarchy.IsEnforced && !draft.hierarchy) {
        await callService('Account', 'UpdateHierarchyMFAPolicy', { companyMFAPolicy: { ...policy, IsEnforced: false } }, { suppressErrors: true });
      }
      if (draft.hierarchy) await callService('Account', 'UpdateHierarchyMFAPolicy', { companyMFAPolicy: { ...policy, IsEnforced: true } }, { suppressErrors: true });
      else await callService('Account', 'UpdateMFAPolicy', { companyMFAPolicy: { ...policy, IsEnforced: draft.enforced } }, { suppressErrors: true });
      await queryClient.invalidateQueries({ queryKey: ['identity', 'mfaPolicy', companyId] });
      showSuccess(t('identity.policy.saved'));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('errors.unknown'));
    } finally {
      setSaving(false);
    }
  };

  const enforced = draft.enforced || draft.hierarchy;
  return (
    <Card variant="outlined" sx={{ mt: 2 }} data-testid="mfa-policy">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {t('identity.policy.title')}
          </Typography>
          {inherited && (
            <Alert severity="info" data-testid="mfa-policy-inherited">
              {t('identity.policy.inherited', { name: inherited.DisplayName })}
            </Alert>
          )}
          <FormGroup>
            <FormControlLabel
              control={<Switch checked={enforced} disabled={!mayEdit || draft.hierarchy} onChange={(event) => change({ enforced: event.target.checked })} />}
              label={t('identity.policy.enforced')}
              data-testid="mfa-policy-enforced"
            />
            <FormControlLabel
              control={<Switch checked={draft.hierarchy} disabled={!mayEdit} onChange={(event) => change({ hierarchy: event.target.checked, enforced: event.target.checked || draft.enforced })} />}
              label={t('identity.policy.hierarchy')}
              data-testid="mfa-policy-hierarchy"
            />
          </FormGroup>
          {/* Whom it covers, in words: the same rule sign-in applies (server/auth/session-user.ts POLICY_BINDS). */}
          <Typography variant="body2" data-testid="mfa-policy-covers">
            {t(draft.hierarchy ? 'identity.policy.coversHierarchy' : 'identity.policy.coversCompany')}
            {draft.exceptions.length > 0 && ` ${t('identity.policy.coversExceptions')}`}
          </Typography>
          <div>
            <Typography variant="subtitle2">{t('identity.policy.allowedTitle')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('identity.policy.allowedHint')}
            </Typography>
            <FormGroup row>
              {KINDS.map((kind) => (
                <FormControlLabel
                  key={kind}
                  label={t(methodTypeKey(kind))}
                  control={
                    <Checkbox
                      checked={draft.allowed.length === 0 || draft.allowed.includes(kind)}
                      disabled={!mayEdit}
                      onChange={(event) => {
                        const current = draft.allowed.length === 0 ? KINDS : draft.allowed;
                        const next = event.target.checked ? [...current, kind] : current.filter((other) => other !== kind);
                        if (next.length > 0) change({ allowed: next.length === KINDS.length ? [] : KINDS.filter((other) => next.includes(other)) });
                      }}
                      slotProps={{ input: { 'data-testid': `mfa-policy-allow-${kind}` } as object }}
                    />
                  }
                />
              ))}
            </FormGroup>
          </div>
          <div>
            <Typography variant="subtitle2" gutterBottom>
              {t('identity.policy.exceptionsTitle')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mb: 1 }} data-testid="mfa-policy-exceptions">
              {draft.exceptions.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  {t('identity.policy.noExceptions')}
                </Typography>
              )}
              {draft.exceptions.map((account) => (
                <Chip
                  key={account.AccountId}
                  label={account.DisplayName}
                  onDelete={mayEdit ? () => change({ exceptions: draft.exceptions.filter((other) => other.AccountId !== account.AccountId) }) : undefined}
                />
              ))}
            </Stack>
            {mayEdit && (
              <AccountPicker
                value={null}
                clearAfterPick
                includeDepartment
                targetRoot={companyId}
                label={t('identity.policy.addException')}
                onChange={(picked) => {
                  if (picked && !draft.exceptions.some((other) => other.AccountId === picked.AccountId)) change({ exceptions: [...draft.exceptions, picked] });
                }}
                data-testid="mfa-policy-exception-picker"
              />
            )}
          </div>
          {preview.data && (
            <Alert severity={enforced && preview.data.UsersWithoutMethod > 0 ? 'warning' : 'info'} data-testid="mfa-policy-count">
              {enforced
                ? t('identity.policy.count', { count: preview.data.UsersWithoutMethod, bound: preview.data.UsersBound })
                : t('identity.policy.countIfEnforced', { count: preview.data.UsersWithoutMethod, bound: preview.data.UsersBound })}
            </Alert>
          )}
          {error && (
            <Alert severity="error" role="alert" data-testid="mfa-policy-error">
              {error}
            </Alert>
          )}
          {mayEdit && (
            <div>
              <Button variant="contained" onClick={() => void save()} disabled={saving} data-testid="mfa-policy-save">
                {t('identity.policy.save')}
              </Button>
            </div>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
