/**
 * <DefinedForm>: a definition's `form` (schema/form.ts) — inputs typed in and sent by one method, no record
 * behind them (a password reset, a password change). The submit is offered when every input is filled and every
 * new password confirmed; the server's refusal is shown in place (said by screen readers); after success a
 * message in place, or a notice and a route. A new password shows its policy's rules, ticked live by the server.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { pageFormatting } from '../../contract/formatting';
import {
  confirmKey,
  confirmMismatch,
  failedRulesOf,
  formReady,
  formStartValues,
  formSubmitBody,
  formTarget,
  formUnavailable,
  policyCheckBody,
  resolveText,
  routeWithContext,
  ruleState,
  type FormDefinition,
  type FormDestinationDefinition,
  type FormInputDefinition,
  type ScreenContext,
  type ScreenDefinition,
  type TextRef,
} from '../../engine/grids';
import { LightTextField } from '../inputs/LightTextField';
import { PasswordField } from '../inputs/PasswordField';
import { PasswordRulesChecklist } from '../inputs/PasswordRulesChecklist';
import { usePasswordCheck } from '../inputs/use-password-check';
import { errorText, type GridServiceCaller } from './grid-service';

type Text = (ref: TextRef, values?: Record<string, string | number>) => string;

export interface DefinedFormProps {
  definition: ScreenDefinition & { form: FormDefinition };
  context: ScreenContext;
  callService: GridServiceCaller;
  /** A passing notice (the form's done.notice). */
  onSuccess?: (text: string) => void;
  /** Opens a route of the app (after success, cancel); without it the form stays. */
  navigate?: (to: string, options?: { replace?: boolean }) => void;
  /** Opens an address of the main app (a hash route at the site root); default: the window goes there. */
  assignLocation?: (href: string) => void;
}

export function DefinedForm({ definition, context, callService, onSuccess, navigate, assignLocation = (href) => window.location.assign(href) }: DefinedFormProps) {
  const { form } = definition;
  const { t, i18n } = useTranslation();
  const locale = pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale;
  const text = useCallback<Text>((ref, values) => resolveText(ref, (key, given) => String(t(key, given)), locale, values), [t, locale]);
  const labels = useMemo(() => new Map(definition.columns.map((column) => [column.field, column.label])), [definition.columns]);
  const [values, setValues] = useState(() => formStartValues(form, context));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const go = (destination: FormDestinationDefinition | undefined) => {
    const target = formTarget(destination, context);
    if ('href' in target) assignLocation(target.href);
    else navigate?.(target.path, { replace: true });
  };
  const edit = (key: string) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setError(undefined);
  };
  const ready = !busy && formReady(form, values);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setError(undefined);
    setBusy(true);
    try {
      await callService(form.submit.service, form.submit.method, formSubmitBody(form, values, context));
    } catch (failure) {
      setBusy(false);
      setError(errorText(failure, t('errors.unknown')));
      return;
    }
    setBusy(false);
    if (form.done.message) setSent(true);
    else {
      if (form.done.notice) onSuccess?.(text(form.done.notice));
      go(form.done.go);
    }
  };

  const links = (form.links ?? []).map((link) => (
    <Link key={link.to} component={RouterLink} to={routeWithContext(link.to, context) ?? link.to} variant="body2" data-testid={link.testId}>
      {text(link.label)}
    </Link>
  ));

  if (formUnavailable(form, context) && form.unavailable) {
    return (
      <Stack spacing={2.5}>
        <Alert severity="info" data-testid={form.unavailable.testId}>
          {text(form.unavailable.text)}
        </Alert>
        <Button variant="outlined" onClick={() => go(form.back)}>
          {text(form.unavailable.back)}
        </Button>
        {links}
      </Stack>
    );
  }

  const submitButton = (
    <Button type="submit" variant="contained" size={form.cancel ? undefined : 'large'} fullWidth={!form.cancel} disabled={!ready} data-testid={`${form.id}-submit`}>
      {busy ? <CircularProgress size={24} color="inherit" aria-label={t('common.loading')} /> : text(form.submit.label)}
    </Button>
  );
  return (
    <Stack component="form" noValidate onSubmit={(event: FormEvent) => void submit(event)} spacing={2.5} aria-busy={busy} data-testid={form.id}>
      {sent ? (
        <Alert severity="success" data-testid={form.done.testId ?? `${form.id}-done`}>
          {text(form.done.message!)}
        </Alert>
      ) : (
        <>
          {error && (
            <Alert severity="error" role="alert" data-testid={`${form.id}-error`}>
              {error}
            </Alert>
          )}
          {form.fields.map((field) => (
            <FormInput key={field.field} field={field} label={text(labels.get(field.field) ?? field.field)} values={values} context={context} text={text} edit={edit} callService={callService} />
          ))}
          {form.cancel ? (
            <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={() => go(form.back)} data-testid={`${form.id}-cancel`}>
                {text(form.cancel)}
              </Button>
              {submitButton}
            </Stack>
          ) : (
            submitButton
          )}
        </>
      )}
      {links}
    </Stack>
  );
}

interface FormInputProps {
  field: FormInputDefinition;
  label: string;
  values: Readonly<Record<string, string>>;
  context: ScreenContext;
  text: Text;
  edit: (key: string) => (value: string) => void;
  callService: GridServiceCaller;
}

/** One input as its type says: text (read-only from the context), a password, or a new password with its rules and confirmation. */
function FormInput({ field, label, values, context, text, edit, callService }: FormInputProps) {
  const value = values[field.field] ?? '';
  if (field.input === 'text') {
    return (
      <LightTextField
        label={label}
        name={field.field}
        autoComplete={field.autoComplete}
        autoFocus={field.autoFocus}
        value={value}
        onChange={field.context ? undefined : (event) => edit(field.field)(event.target.value)}
        htmlInput={{ 'data-testid': field.testId, readOnly: field.context ? true : undefined, autoCapitalize: 'none', spellCheck: false, maxLength: field.maxLength ?? 256 }}
      />
    );
  }
  const autoComplete = field.input === 'newPassword' ? 'new-password' : field.autoComplete === 'new-password' ? 'new-password' : 'current-password';
  const password = (
    <PasswordField label={label} name={field.field} autoComplete={autoComplete} autoFocus={field.autoFocus} value={value} onChange={edit(field.field)} testId={field.testId} maxLength={field.maxLength} />
  );
  if (field.input === 'password' || !field.policy || !field.confirm) return password;
  return <NewPassword field={field} policy={field.policy} confirm={field.confirm} label={label} password={password} values={values} context={context} text={text} edit={edit} callService={callService} />;
}

function NewPassword({ field, policy, confirm, password, values, context, text, edit, callService }: FormInputProps & { policy: NonNullable<FormInputDefinition['policy']>; confirm: NonNullable<FormInputDefinition['confirm']>; password: React.ReactNode }) {
  const checkBody = useCallback((candidate: string) => policyCheckBody(policy, candidate, context), [policy, context]);
  const check = useCallback(
    async (candidate: string, signal: AbortSignal) => failedRulesOf(policy, await callService(policy.check.service, policy.check.method, checkBody(candidate), { signal })),
    [policy, callService, checkBody],
  );
  // The check's other parameters (a reset link's token) tell its answers apart.
  const scope = JSON.stringify([policy.check.service, policy.check.method, checkBody('')]);
  const state = usePasswordCheck(values[field.field] ?? '', scope, check);
  const mismatch = confirmMismatch(field, values);
  const rules = policy.rules.map((rule) => ({ id: rule.id, label: text(rule.label, policy.values), state: ruleState(rule, state.failedRules) }));
  return (
    <Stack spacing={2}>
      {password}
      <PasswordRulesChecklist testId={policy.testId} title={text(policy.title)} rules={rules} busy={state.checking} />
      {state.error && (
        <Alert severity="error" data-testid={`${policy.testId}-check-error`}>
          {state.error}
        </Alert>
      )}
      <PasswordField
        label={text(confirm.label)}
        name={`${field.field}Confirmation`}
        autoComplete="new-password"
        value={values[confirmKey(field.field)] ?? ''}
        onChange={edit(confirmKey(field.field))}
        error={mismatch}
        helperText={mismatch ? text(confirm.mismatch) : undefined}
        testId={confirm.testId}
        maxLength={field.maxLength}
      />
    </Stack>
  );
}
