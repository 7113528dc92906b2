/**
 * <DefinedForm>: a definition's `form` (schema/form.ts) — inputs typed in and sent by one method, no record
 * behind them (a password reset, a password change). The submit is offered when every input is filled and every
 * new password confirmed; the server's refusal is shown in place (said by screen readers); after success a
 * message in place, or a notice and a route. A new password shows its policy's rules, ticked live by the server.
 * A step of the sign-in (a code of the chosen method, the choice of a method, a provider's return acted on as the
 * page opens) reads the host's sign-in in progress and hands the answer back to it.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import KeyIcon from '@mui/icons-material/Key';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import type { Capability } from '../../contract/capabilities';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { pageFormatting } from '../../contract/formatting';
import {
  codeDigits,
  codeLength,
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
  introOf,
  policyCheckBody,
  resolveText,
  routeFilled,
  ruleState,
  sendBody,
  sendOnceKey,
  sessionHolds,
  sessionMissing,
  type SessionValues,
  type FormDefinition,
  type FormDestinationDefinition,
  type FormInputDefinition,
  type ScreenContext,
  type ScreenDefinition,
  type TextRef,
} from '../../engine/grids';
import { LightTextField } from '../inputs/LightTextField';
import { OneTimeCodeField } from '../inputs/OneTimeCodeField';
import { PasswordField } from '../inputs/PasswordField';
import { PasswordRulesChecklist } from '../inputs/PasswordRulesChecklist';
import { usePasswordCheck } from '../inputs/use-password-check';
import { DefinedPage } from './DefinedPage';
import { FormOpening, SessionChoice, SessionShows } from './FormSessionParts';
import { errorText, type GridServiceCaller } from './grid-service';
import type { SessionTarget, SignInSession } from './sign-in-session';

type Text = (ref: TextRef, values?: Record<string, string | number>) => string;

const FormMoreInput = lazy(() => import('./FormMoreInputs'));
const BASIC_INPUTS = new Set(['text', 'password', 'newPassword', 'oneTimeCode']);

export interface DefinedFormProps {
  definition: ScreenDefinition & { form: FormDefinition };
  context: ScreenContext;
  callService: GridServiceCaller;
  /** A passing notice (the form's done.notice, the send link's notice). */
  onSuccess?: (text: string) => void;
  /** A passing error (a code that could not be sent). */
  onError?: (text: string) => void;
  /** Opens a route of the app (after success, cancel); without it the form stays. */
  navigate?: (to: string, options?: { replace?: boolean; state?: unknown }) => void;
  /** Opens an address of the main app (a hash route at the site root); default: the window goes there. */
  assignLocation?: (href: string) => void;
  /** The host's sign-in in progress, for a form that is a step of it. */
  session?: SignInSession;
  /** The user's capabilities (the submit's `requires`). */
  capabilities?: readonly Capability[];
  /** The definition has no page of its own: the form is drawn in a card headed by its title. */
  inCard?: boolean;
}

const NO_SESSION: SessionValues = {};
const NO_CAPABILITIES: readonly Capability[] = [];

export function DefinedForm(props: DefinedFormProps) {
  const { definition, context, callService, onSuccess, onError, navigate, assignLocation = (href) => window.location.assign(href), session, capabilities = NO_CAPABILITIES, inCard } = props;
  const { form } = definition;
  const { t, i18n } = useTranslation();
  const locale = pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale;
  const text = useCallback<Text>((ref, values) => resolveText(ref, (key, given) => String(t(key, given)), locale, values), [t, locale]);
  const labels = useMemo(() => new Map(definition.columns.map((column) => [column.field, column.label])), [definition.columns]);
  const [values, setValues] = useState(() => formStartValues(form, context));
  // Read once: a successful sign-in ends the session's step before this page has gone.
  const [held] = useState(() => session?.values() ?? NO_SESSION);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const missing = sessionMissing(form, held);
  // The page's own redirect (its query), or none: the host's kept one (a single sign-on's).
  const redirect = () => {
    const name = form.done?.session?.redirect;
    return name ? { value: String(context[name] ?? '') || undefined } : undefined;
  };

  const goTo = (target: SessionTarget) => {
    if ('href' in target) assignLocation(target.href);
    else navigate?.(target.path, { replace: true, state: target.state });
  };
  const go = (destination: FormDestinationDefinition | undefined) => {
    const target = formTarget(destination, context);
    goTo('href' in target ? target : { path: target.path });
  };
  const edit = (key: string) => (value: string) => {
    // Editing a field beside a choice's option (or its unit) chooses that option.
    const owner = owningOption(form, key.split('#')[0]);
    setValues((current) => ({ ...current, [key]: value, ...(owner ? { [owner.choice.field]: owner.value } : {}) }));
    setError(undefined);
  };
  const inputsShown = !form.choice && !form.open && sessionHolds(form.submit?.when, held);
  const allowed = !form.submit?.requires || meetsAccess(capabilities, form.submit.requires);
  const ready = !busy && inputsShown && allowed && formReady(form, values);
  const state = useFormState(form, callService, t('errors.unknown'));

  const send = async () => {
    if (!form.submit) return;
    setError(undefined);
    setBusy(true);
    let answer: unknown;
    try {
      answer = await callService(form.submit.service, form.submit.method, formSubmitBody(form, values, context, held));
      if (form.done?.session && session) return goTo(await session.answered(answer, redirect()));
    } catch (failure) {
      setBusy(false);
      setError(errorText(failure, t('errors.unknown')));
      // A refused code is typed again from the start.
      const codes = form.fields.filter((field) => field.input === 'oneTimeCode');
      if (codes.length > 0) {
        setValues((current) => ({ ...current, ...Object.fromEntries(codes.map((field) => [field.field, ''])) }));
        codeRef.current?.focus();
      }
      return;
    }
    setBusy(false);
    const notice = firstWhen(form.done?.noticeWhen, values)?.notice ?? form.done?.notice;
    if (form.done?.message) setSent(true);
    else if (form.done?.stay) {
      // The answer is the state the form changed (the same shape as its load).
      if (form.state) state.set(answer);
      if (notice) onSuccess?.(text(notice));
      setValues(formStartValues(form, context));
    } else if (form.done?.go) {
      if (notice) onSuccess?.(text(notice));
      go(form.done.go);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) void send();
  };

  // A page acting on its route sends at once, once per body (StrictMode runs effects twice, the context gains the
  // user once signed in; a provider's state works once).
  const opened = useRef<string | undefined>(undefined);
  useEffect(() => {
    const key = JSON.stringify(formSubmitBody(form, values, context, held));
    if (!form.open || missing || opened.current === key) return;
    opened.current = key;
    void send();
  });
  // Without the sign-in this page continues (a fresh browser) it goes back to its start.
  useEffect(() => {
    if (missing && form.session) go(form.session.otherwise);
  });
  const [sending, setSending] = useState(false);
  const sendCode = useCallback(
    async (announce: boolean) => {
      if (!form.send) return;
      setSending(true);
      try {
        await callService(form.send.service, form.send.method, sendBody(form.send, held));
        if (announce) onSuccess?.(text(form.send.notice));
      } catch (failure) {
        onError?.(errorText(failure, t('errors.unknown')));
      } finally {
        setSending(false);
      }
    },
    [form.send, held, callService, onSuccess, onError, text, t],
  );
  useEffect(() => {
    const call = form.send;
    if (!call?.onOpen || missing || !session || !sessionHolds(call.when, held) || !session.firstTime(sendOnceKey(call, held))) return;
    void sendCode(false);
  }, [form.send, missing, session, held, sendCode]);

  if (missing) return null;
  if (form.open) {
    if (!error) return <FormOpening text={text(form.open.progress.text)} testId={form.open.progress.testId} />;
    return (
      <DefinedPage page={{ frame: 'plain' }} title={text(definition.title)} testId={`${definition.id}-page`}>
        <Alert severity="error" role="alert" data-testid={`${form.id}-error`}>
          {error}
        </Alert>
        <Button component={RouterLink} to={form.open.back.to} replace variant="contained" data-testid={form.open.back.testId}>
          {text(form.open.back.label)}
        </Button>
      </DefinedPage>
    );
  }

  const links = (form.links ?? [])
    .filter((link) => sessionHolds(link.when, held))
    .map((link) => {
      const to = routeFilled(link.to, context);
      return link.forget ? (
        <Link key={link.to} component="button" type="button" variant="body2" data-testid={link.testId} onClick={() => { session?.forget(); navigate?.(to, { replace: true }); }}>
          {text(link.label)}
        </Link>
      ) : (
        <Link key={link.to} component={RouterLink} to={to} variant="body2" data-testid={link.testId}>
          {text(link.label)}
        </Link>
      );
    });
  const sendLink = form.send && sessionHolds(form.send.when, held) && (
    <Link component="button" type="button" variant="body2" onClick={() => void sendCode(true)} disabled={sending} data-testid={form.send.link.testId}>
      {text(form.send.link.label)}
    </Link>
  );
  const linkRow = (links.length > 0 || sendLink) && (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
      {sendLink}
      {links}
    </Stack>
  );
  const intro = introOf(form, held);
  const introLine = intro && (
    <Typography variant="body2" color="text.secondary">
      {text(intro)}
    </Typography>
  );

  if (form.choice) {
    const { go: then, sets } = form.choice;
    return (
      <Stack spacing={2.5} data-testid={form.id}>
        {introLine}
        <SessionChoice form={form} session={held} text={text} onChoose={(value) => { session?.choose(sets, value); go(then); }} />
        {linkRow}
      </Stack>
    );
  }

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

  const passkey = form.passkey && session?.passkey && sessionHolds(form.passkey.when, held) ? session.passkey : undefined;
  const signInWithPasskey = async () => {
    if (!passkey) return;
    setError(undefined);
    setBusy(true);
    try {
      goTo(await passkey(redirect()));
    } catch (failure) {
      setError(errorText(failure, t('errors.unknown')));
    } finally {
      setBusy(false);
    }
  };
  const submitButton = form.submit && (
    <Button type="submit" variant="contained" size={form.cancel ? undefined : 'large'} fullWidth={!form.cancel} disabled={!ready} data-testid={`${form.id}-submit`}>
      {busy ? <CircularProgress size={24} color="inherit" aria-label={t('common.loading')} /> : text(firstWhen(form.submit.labelWhen, values)?.label ?? form.submit.label)}
    </Button>
  );
  const besides = new Set(form.fields.flatMap((field) => (field.options ?? []).flatMap((option) => (option.field ? [option.field] : []))));
  const drawField = (name: string): ReactNode => {
    const field = form.fields.find((entry) => entry.field === name);
    if (!field || !formFieldShown(field, values)) return null;
    const label = text(labels.get(field.field) ?? field.field);
    if (BASIC_INPUTS.has(field.input)) return <FormInput key={field.field} field={field} label={label} values={values} context={context} text={text} edit={edit} callService={callService} codeRef={codeRef} />;
    return (
      <Suspense key={field.field} fallback={null}>
        <FormMoreInput form={form} field={field} label={label} values={values} text={text} edit={edit} drawField={drawField} />
      </Suspense>
    );
  };
  const shownState = form.state && state.value !== undefined ? stateNotice({ kind: 'state', ...form.state }, state.value, (key, given) => String(t(key, given)), locale) : undefined;
  const drawn = (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5} aria-busy={busy} data-testid={form.id}>
      {introLine}
      {form.shows && <SessionShows shows={form.shows} session={held} />}
      {shownState && (
        <Alert severity={shownState.severity} data-testid={form.state?.testId} data-status={shownState.value}>
          {shownState.text}
        </Alert>
      )}
      {state.error && <Alert severity="warning">{state.error}</Alert>}
      {!allowed && form.submit?.readOnly && (
        <Alert severity="info" data-testid={`${form.id}-read-only`}>
          {text(form.submit.readOnly)}
        </Alert>
      )}
      {sent ? (
        <Alert severity="success" data-testid={form.done?.testId ?? `${form.id}-done`}>
          {text(form.done!.message!)}
        </Alert>
      ) : (
        <>
          {error && (
            <Alert severity="error" role="alert" data-testid={`${form.id}-error`}>
              {error}
            </Alert>
          )}
          {passkey && (
            <Button type="button" variant="contained" size="large" fullWidth startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <KeyIcon />} disabled={busy} onClick={() => void signInWithPasskey()} data-testid={`${form.id}-passkey`}>
              {text(form.passkey!.label)}
            </Button>
          )}
          {inputsShown && form.fields.filter((field) => !besides.has(field.field)).map((field) => drawField(field.field))}
          {inputsShown &&
            (form.cancel ? (
              <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
                <Button onClick={() => go(form.back)} data-testid={`${form.id}-cancel`}>
                  {text(form.cancel)}
                </Button>
                {submitButton}
              </Stack>
            ) : (
              submitButton
            ))}
        </>
      )}
      {linkRow}
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
  /** The one-time code's input, focused again after a refusal. */
  codeRef?: RefObject<HTMLInputElement | null>;
}

/** One input as its type says: text (read-only from the context), a one-time code, a password, or a new password with its rules and confirmation. */
function FormInput({ field, label, values, context, text, edit, callService, codeRef }: FormInputProps) {
  const value = values[field.field] ?? '';
  if (field.input === 'oneTimeCode') {
    return <OneTimeCodeField label={label} value={value} onChange={(typed) => edit(field.field)(codeDigits(field, typed))} length={codeLength(field)} testId={field.testId} autoFocus={field.autoFocus} inputRef={codeRef} />;
  }
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
