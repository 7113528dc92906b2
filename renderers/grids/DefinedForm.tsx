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
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import type { Capability } from '../../contract/capabilities';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { pageFormatting } from '../../contract/formatting';
import {
  confirmKey,
  confirmMismatch,
  failedRulesOf,
  firstWhen,
  meetsAccess,
  owningOption,
  formFieldShown,
  stateNotice,
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

const FormMoreInput = lazy(() => import('./FormMoreInputs'));
const BASIC_INPUTS = new Set(['text', 'password', 'newPassword']);

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
  /** The user's capabilities (the submit's `requires`). */
  capabilities?: readonly Capability[];
  /** The definition has no page of its own: the form is drawn in a card headed by its title. */
  inCard?: boolean;
}

export function DefinedForm({ definition, context, callService, onSuccess, navigate, assignLocation = (href) => window.location.assign(href), capabilities = [], inCard }: DefinedFormProps) {
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
    // Editing a field beside a choice's option (or its unit) chooses that option.
    const owner = owningOption(form, key.split('#')[0]);
    setValues((current) => ({ ...current, [key]: value, ...(owner ? { [owner.choice.field]: owner.value } : {}) }));
    setError(undefined);
  };
  const allowed = !form.submit.requires || meetsAccess(capabilities, form.submit.requires);
  const ready = !busy && allowed && formReady(form, values);
  const state = useFormState(form, callService, t('errors.unknown'));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setError(undefined);
    setBusy(true);
    let answer: unknown;
    try {
      answer = await callService(form.submit.service, form.submit.method, formSubmitBody(form, values, context));
    } catch (failure) {
      setBusy(false);
      setError(errorText(failure, t('errors.unknown')));
      return;
    }
    setBusy(false);
    const notice = firstWhen(form.done.noticeWhen, values)?.notice ?? form.done.notice;
    if (form.done.message) setSent(true);
    else if (form.done.stay) {
      // The answer is the state the form changed (the same shape as its load).
      if (form.state) state.set(answer);
      if (notice) onSuccess?.(text(notice));
      setValues(formStartValues(form, context));
    } else {
      if (notice) onSuccess?.(text(notice));
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
      {busy ? <CircularProgress size={24} color="inherit" aria-label={t('common.loading')} /> : text(firstWhen(form.submit.labelWhen, values)?.label ?? form.submit.label)}
    </Button>
  );
  const besides = new Set(form.fields.flatMap((field) => (field.options ?? []).flatMap((option) => (option.field ? [option.field] : []))));
  const drawField = (name: string): ReactNode => {
    const field = form.fields.find((entry) => entry.field === name);
    if (!field || !formFieldShown(field, values)) return null;
    const label = text(labels.get(field.field) ?? field.field);
    if (BASIC_INPUTS.has(field.input)) return <FormInput key={field.field} field={field} label={label} values={values} context={context} text={text} edit={edit} callService={callService} />;
    return (
      <Suspense key={field.field} fallback={null}>
        <FormMoreInput form={form} field={field} label={label} values={values} text={text} edit={edit} drawField={drawField} />
      </Suspense>
    );
  };
  const shownState = form.state && state.value !== undefined ? stateNotice({ kind: 'state', ...form.state }, state.value, (key, given) => String(t(key, given)), locale) : undefined;
  const drawn = (
    <Stack component="form" noValidate onSubmit={(event: FormEvent) => void submit(event)} spacing={2.5} aria-busy={busy} data-testid={form.id}>
      {shownState && (
        <Alert severity={shownState.severity} data-testid={form.state?.testId} data-status={shownState.value}>
          {shownState.text}
        </Alert>
      )}
      {state.error && <Alert severity="warning">{state.error}</Alert>}
      {!allowed && form.submit.readOnly && (
        <Alert severity="info" data-testid={`${form.id}-read-only`}>
          {text(form.submit.readOnly)}
        </Alert>
      )}
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
          {form.fields.filter((field) => !besides.has(field.field)).map((field) => drawField(field.field))}
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
  if (!inCard) return drawn;
  return (
    <Card variant="outlined" data-testid={definition.id}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {text(definition.title)}
        </Typography>
        {form.help && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {text(form.help)}
          </Typography>
        )}
        {drawn}
      </CardContent>
    </Card>
  );
}

/** The state a form changes (`form.state`): read at the start, replaced by the submit's answer. */
function useFormState(form: FormDefinition, callService: GridServiceCaller, fallback: string): { value: Record<string, unknown> | undefined; error?: string; set: (answer: unknown) => void } {
  const [value, setValue] = useState<Record<string, unknown>>();
  const [error, setError] = useState<string>();
  const load = form.state?.load;
  const pick = useCallback((answer: unknown) => {
    const part = load?.path ? (answer as Record<string, unknown> | null)?.[load.path] : answer;
    return typeof part === 'object' && part !== null ? (part as Record<string, unknown>) : undefined;
  }, [load?.path]);
  useEffect(() => {
    if (!load) return undefined;
    const controller = new AbortController();
    callService(load.service, load.method, {}, { signal: controller.signal }).then(
      (answer) => !controller.signal.aborted && setValue(pick(answer)),
      (failure: unknown) => !controller.signal.aborted && setError(errorText(failure, fallback)),
    );
    return () => controller.abort();
  }, [load, callService, pick, fallback]);
  return { value, error, set: (answer) => setValue(typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : undefined) };
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
