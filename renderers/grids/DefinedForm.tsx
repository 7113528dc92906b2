/**
 * <DefinedForm>: a definition's `form` (schema/form.ts) — inputs typed in and sent by one method, no record
 * behind them (a password reset, a password change). The submit is offered when every input is filled and every
 * new password confirmed; the server's refusal is shown in place (said by screen readers); after success a
 * message in place, or a notice and a route. A new password shows its policy's rules, ticked live by the server.
 * A step of the sign-in (a code of the chosen method, the choice of a method, a provider's return acted on as the
 * page opens) reads the host's sign-in in progress and hands the answer back to it. A prepare call (a method set
 * up) goes first — as the page opens, or as a stage of its own — and its answer is shown (a QR code, a key) and sent.
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
import { Fragment, lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
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
  formFieldValue,
  stateNotice,
  formReady,
  formStartValues,
  formSubmitBody,
  formTarget,
  formStage,
  formUnavailable,
  introOf,
  policyCheckBody,
  prepareBody,
  preparedAnswer,
  preparedField,
  prepareThenBody,
  resolveText,
  routeFilled,
  ruleState,
  sendBody,
  sendOnceKey,
  sessionHolds,
  sessionMissing,
  stageFields,
  type FormFacts,
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
const BASIC_INPUTS = new Set(['text', 'email', 'password', 'newPassword', 'oneTimeCode']);
const NO_PREPARED: Readonly<Record<string, unknown>> = {};

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
const EMPTY_FORM: FormDefinition = { id: 'form', fields: [] };
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
  // The prepare call's answer (form.prepare): undefined until it answered.
  const [prepared, setPrepared] = useState<Record<string, unknown>>();
  const facts: FormFacts = { context, prepared: prepared !== undefined };
  const stage = formStage(form, prepared !== undefined);
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
  const inputsShown = !form.choice && !form.open && sessionHolds(form.submit?.when, held, facts);
  const allowed = !form.submit?.requires || meetsAccess(capabilities, form.submit.requires);
  // A submit needing the prepare's answer waits for it.
  const ready = !busy && inputsShown && allowed && formReady(form, values, stage) && (stage === 'prepare' || !form.prepare || prepared !== undefined);
  const state = useFormState(form, callService, t('errors.unknown'));

  const send = async () => {
    if (!form.submit) return;
    setError(undefined);
    setBusy(true);
    let answer: unknown;
    try {
      answer = await callService(form.submit.service, form.submit.method, formSubmitBody(form, values, context, held, prepared ?? NO_PREPARED));
      if (form.done?.session?.refresh && session?.refreshed) {
        const target = await session.refreshed(redirect());
        if (form.done.notice) onSuccess?.(text(form.done.notice));
        return goTo(target);
      }
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
  // The prepare call (and its second call): its answer opens the submit's stage; its refusal is the form's.
  const prepare = async () => {
    const call = form.prepare;
    if (!call) return;
    setError(undefined);
    setBusy(true);
    try {
      const answer = preparedAnswer(await callService(call.service, call.method, prepareBody(form, values, context)));
      if (call.then) await callService(call.then.service, call.then.method, prepareThenBody(call.then, answer));
      setPrepared(answer);
    } catch (failure) {
      setError(errorText(failure, t('errors.unknown')));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) void (stage === 'prepare' ? prepare() : send());
  };
  // A prepare sent as the page opens goes once per visit (StrictMode runs effects twice).
  const preparing = useRef(false);
  useEffect(() => {
    if (!form.prepare?.onOpen || missing || preparing.current) return;
    preparing.current = true;
    void prepare();
  });

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
        await callService(form.send.service, form.send.method, sendBody(form.send, held, prepared ?? NO_PREPARED));
        if (announce) onSuccess?.(text(form.send.notice));
      } catch (failure) {
        onError?.(errorText(failure, t('errors.unknown')));
      } finally {
        setSending(false);
      }
    },
    [form.send, held, prepared, callService, onSuccess, onError, text, t],
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
    .filter((link) => sessionHolds(link.when, held, facts))
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
  const sendLink = form.send && sessionHolds(form.send.when, held, facts) && (
    <Link component="button" type="button" variant="body2" onClick={() => void sendCode(true)} disabled={sending} data-testid={form.send.link.testId}>
      {text(form.send.link.label)}
    </Link>
  );
  const linkRow = (links.length > 0 || sendLink) && (
    // Gaps, not margins: a link wrapped onto the next line (a phone) starts at the left edge.
    <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
      {sendLink}
      {links}
    </Stack>
  );
  const intro = introOf(form, held, facts);
  const introValues = Object.fromEntries(Object.entries(intro?.values ?? {}).map(([name, field]) => [name, (values[field] ?? '').trim()]));
  const introLine = intro && (
    <Typography variant="body2" color="text.secondary">
      {text(intro.text, introValues)}
    </Typography>
  );
  const footer = (form.footer ?? []).filter((button) => sessionHolds(button.when, held, facts));
  const leave = async (button: (typeof footer)[number]) => {
    if (button.signOut) await session?.signOut?.();
    go(button.go);
  };
  const footerRow = footer.length > 0 && (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      {footer.map((button, index) => (
        <Button key={index} onClick={() => void leave(button)} data-testid={button.testId}>
          {text(button.label)}
        </Button>
      ))}
    </Stack>
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

  const passkey = form.passkey && session?.passkey && sessionHolds(form.passkey.when, held, facts) ? session.passkey : undefined;
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
  const buttonLabel = stage === 'prepare' ? text(form.prepare!.label!) : form.submit && text(firstWhen(form.submit.labelWhen, values)?.label ?? form.submit.label);
  const buttonTestId = stage === 'prepare' ? (form.prepare!.testId ?? `${form.id}-prepare`) : (form.submit?.testId ?? `${form.id}-submit`);
  const submitButton = form.submit && (
    <Button key={stage} type="submit" variant="contained" size={form.cancel ? undefined : 'large'} fullWidth={!form.cancel} disabled={!ready} data-testid={buttonTestId}>
      {busy ? <CircularProgress size={24} color="inherit" aria-label={t('common.loading')} /> : buttonLabel}
    </Button>
  );
  const besides = new Set(form.fields.flatMap((field) => (field.options ?? []).flatMap((option) => (option.field ? [option.field] : []))));
  const drawField = (name: string): ReactNode => {
    const field = form.fields.find((entry) => entry.field === name);
    if (!field || !formFieldShown(field, values)) return null;
    const label = text(labels.get(field.field) ?? field.field);
    const readOnly = stage === 'submit' && prepared !== undefined && preparedField(form, field);
    const input = BASIC_INPUTS.has(field.input) ? (
      <FormInput field={field} label={label} values={values} context={context} text={text} edit={edit} callService={callService} codeRef={codeRef} readOnly={readOnly} />
    ) : (
      <Suspense fallback={null}>
        <FormMoreInput form={form} field={field} label={label} values={values} text={text} edit={edit} drawField={drawField} prepared={prepared} notify={onSuccess} />
      </Suspense>
    );
    if (!field.lead) return <Fragment key={field.field}>{input}</Fragment>;
    return (
      <Fragment key={field.field}>
        <Typography variant="body2">{text(field.lead)}</Typography>
        {input}
      </Fragment>
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
          {inputsShown && stageFields(form, stage).filter((field) => !besides.has(field.field)).map((field) => drawField(field.field))}
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
      {footerRow}
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
  /** A prepare stage's field once it answered. */
  readOnly?: boolean;
}

/** One input as its type says: text (read-only from the context), a one-time code, a password, or a new password with its rules and confirmation. */
function FormInput({ field, label, values, context, text, edit, callService, codeRef, readOnly }: FormInputProps) {
  const value = values[field.field] ?? '';
  if (field.input === 'email') {
    const invalid = formFieldValue(EMPTY_FORM, field, values).problem === 'invalid';
    return (
      <LightTextField
        label={label}
        name={field.field}
        type="email"
        autoComplete={field.autoComplete ?? 'email'}
        autoFocus={field.autoFocus}
        value={value}
        onChange={(event) => edit(field.field)(event.target.value)}
        error={invalid}
        helperText={invalid && field.invalid ? text(field.invalid) : undefined}
        htmlInput={{ 'data-testid': field.testId, readOnly: readOnly ? true : undefined, maxLength: field.maxLength ?? 254 }}
      />
    );
  }
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
        htmlInput={{ 'data-testid': field.testId, readOnly: field.context || readOnly ? true : undefined, autoCapitalize: 'none', spellCheck: false, maxLength: field.maxLength ?? 256 }}
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
