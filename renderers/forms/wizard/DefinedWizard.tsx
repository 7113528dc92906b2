/**
 * A wizard layout drawn as a screen of its own (issue 33): its Screen part's
 * title and intro, the account it is about (a picker the app hands in sets the
 * route's context value, or the route's path names it; the subject's source tells
 * about it: the heading, a Stop note instead of the steps, notes above them, tables
 * and tags), the steps (<WizardForm>, its AccountForm steps with the account
 * layouts), and after the final call the Success line; then the steps start again,
 * as the answers they read may have changed, or the Outcome panel shows instead of
 * them. No import of the app: the service client, the picker and the messages are
 * handed in.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  finalScope,
  outcomeText,
  stopNote,
  subjectAccount,
  subjectContext,
  subjectId,
  subjectParams,
  subjectLines,
  subjectNotes,
  subjectScope,
  subjectTags,
  successText,
  wizardServices,
  type FormModel,
  type ShownNote,
  type SubjectAccount,
  type WizardScope,
} from '../../../engine/forms';
import type { Capability } from '../../../contract/capabilities';
import type { WizardLayout, WizardOutcome, WizardSubject } from '../../../contract/services/wizard-schemas';
import { pageFormatting } from '../../../contract/formatting';
import { useLayoutForm } from '../use-layout-form';
import { WizardForm } from '../WizardForm';
import type { WizardLoad } from './ChooseRowStep';
import type { AccountFormSupport } from './AccountFormStep';
import { SubjectHeading, SubjectNote, WizardTables } from './SubjectParts';
import { useAccountFormSupport } from './use-account-form-support';
import { useWizardLayout, useWizardModel, useWizardSource, useWizardSourceLoader, wizardErrorText } from './use-wizard';

export interface SubjectPicker {
  label: string;
  account: SubjectAccount | null;
  onPick(accountId: number): void;
}

export interface DefinedWizardProps {
  /** The layout's name, e.g. wizards/move. */
  name: string;
  /** The route's values (its query): the subject's context value among them. */
  context: Readonly<Record<string, unknown>>;
  capabilities: readonly Capability[] | undefined;
  /** The service client: loads the layout and the sources, makes the calls (those quietly: the wizard shows their refusal). */
  call(service: string, method: string, params: Record<string, unknown>, options?: { signal?: AbortSignal; suppressErrors?: boolean }): Promise<unknown>;
  errorText?(error: unknown): string;
  /** The picker chose another account: the route keeps it. */
  onContextChange(context: Record<string, string>): void;
  /** The subject's picker (a subject without Label has none: the route's path names the account). */
  renderPicker(picker: SubjectPicker): ReactNode;
  accountIcon?(accountType: string): ReactNode;
  /** After the final call, its Success line (every answer is read again then: what the call changed shows everywhere). */
  onSuccess(text: string): void;
  onDirtyChange?(dirty: boolean): void;
}

interface Shared {
  wizard: WizardLayout;
  model: FormModel;
  context: Readonly<Record<string, unknown>>;
  load: WizardLoad;
  run(service: string, method: string, params: Record<string, unknown>): Promise<unknown>;
  accountForm: AccountFormSupport;
  errorText?(error: unknown): string;
  onDone(text: string | undefined): void;
  onDirtyChange?(dirty: boolean): void;
}

/** The steps; each success starts them again (key), as what they offer may have changed, unless the layout has an Outcome: then `onFinished` gets what it reads. */
function Steps({ wizard, model, context, load, run, accountForm, errorText = wizardErrorText, onDone, onDirtyChange, given, onFinished }: Shared & { given?: Record<string, unknown>; onFinished(scope: WizardScope): void }) {
  const { i18n } = useTranslation();
  const [round, setRound] = useState(0);
  const done = (result: unknown, scope: WizardScope) => {
    onDone(successText(wizard.Screen, wizard.Action.Into, result, scope, pageFormatting(i18n.resolvedLanguage ?? i18n.language)));
    if (!wizard.Screen?.Outcome) return setRound((value) => value + 1);
    onDirtyChange?.(false);
    onFinished(finalScope(scope, wizard.Action.Into, result));
  };
  return <Round key={round} {...{ wizard, model, context, load, run, accountForm, errorText, onDirtyChange, given }} onDone={done} />;
}

function Round({ wizard, model, context, load, run, accountForm, errorText, onDone, onDirtyChange, given }: Omit<Shared, 'onDone'> & { given?: Record<string, unknown>; onDone(result: unknown, scope: WizardScope): void }) {
  const services = useMemo(() => wizardServices(wizard, context, load), [wizard, context, load]);
  const form = useLayoutForm(model, { services });
  return <WizardForm wizard={wizard} form={form} context={context} run={run} load={load} accountForm={accountForm} given={given} errorText={errorText} onDone={onDone} onDirtyChange={onDirtyChange} danger={wizard.Screen?.Danger} />;
}

/** What the final call did, instead of the steps: the Outcome's success note and tables, read from every answer and the final one. */
function Outcome({ outcome, scope }: { outcome: WizardOutcome; scope: WizardScope }) {
  const { i18n } = useTranslation();
  const formatting = pageFormatting(i18n.resolvedLanguage ?? i18n.language);
  const text = outcomeText(outcome, scope, formatting);
  return (
    <Stack spacing={2} data-testid="wizard-outcome">
      {text && <Alert severity="success">{text}</Alert>}
      <WizardTables tables={outcome.Tables} scope={scope} formatting={formatting} testId="wizard-outcome-table" />
    </Stack>
  );
}

/** The steps in their card, or once finished the outcome in their place. */
function StepsCard({ shared, given, notes, finished, onFinished }: { shared: Shared; given?: Record<string, unknown>; notes?: ReactNode; finished: WizardScope | undefined; onFinished(scope: WizardScope): void }) {
  const outcome = shared.wizard.Screen?.Outcome;
  // A few fields read best in a narrow column; a table of rows to choose from and an account's form (two columns) need the width.
  const wide = (shared.wizard.Steps ?? []).some((step) => step.Kind !== 'ChooseAccount');
  return (
    <Card variant="outlined">
      <CardContent>
        {finished && outcome ? (
          <Outcome outcome={outcome} scope={finished} />
        ) : (
          <Stack spacing={2} sx={{ maxWidth: wide ? undefined : 560 }}>
            {notes}
            <Steps {...shared} given={given} onFinished={onFinished} />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** The account the screen is about: picked (or named by the route), told about by the subject's source, then the steps unless a Stop note holds (the outcome of a finished wizard stays). */
function SubjectSteps({ subject, shared, picker, accountIcon, call }: { subject: WizardSubject; shared: Shared; picker(account: SubjectAccount | null): ReactNode; accountIcon: DefinedWizardProps['accountIcon']; call: DefinedWizardProps['call'] }) {
  const { t, i18n } = useTranslation();
  const formatting = pageFormatting(i18n.resolvedLanguage ?? i18n.language);
  const [finished, setFinished] = useState<WizardScope>();
  const context = shared.context;
  const id = subjectId(subject, context);
  const { Service, Method } = subject.Source;
  const ask = useCallback<WizardLoad>((service, method, params, signal) => call(service, method, params, { signal }), [call]);
  const source = useWizardSource(ask, Service, Method, id === undefined ? undefined : subjectParams(subject, context));
  const account = subjectAccount(subject, source.data) ?? null;
  const scope = subjectScope(subject, context, source.data);
  const stop = source.data === undefined ? undefined : stopNote(subject, scope, formatting);
  const errorText = shared.errorText ?? wizardErrorText;
  const note = (shown: ShownNote, testId: string) => <SubjectNote key={shown.text} note={shown} scope={scope} testId={testId} call={(service, method, params) => call(service, method, params)} onCalled={shared.onDone} />;
  return (
    <>
      {subject.Label !== undefined && <Box sx={{ maxWidth: 480, mb: 2 }}>{picker(account)}</Box>}
      {/* Without a picker the route's path names the account: one that names none is a page that does not exist. */}
      {subject.Label === undefined && id === undefined && (
        <Alert severity="warning" data-testid="wizard-subject-missing">
          {t('notFound.text')}
        </Alert>
      )}
      {id !== undefined && source.isError && <Alert severity="error" data-testid="wizard-subject-error">{errorText(source.error)}</Alert>}
      {id !== undefined && !source.isError && !account && <LinearProgress />}
      {account && (
        <Stack spacing={2}>
          <Card variant="outlined">
            <CardContent>
              <Stack spacing={1}>
                <SubjectHeading account={account} tags={subjectTags(subject, scope, formatting)} icon={accountIcon?.(account.AccountType)} />
                {subjectLines(subject, scope, formatting).map((line) => (
                  <Typography key={line} variant="body2" color="text.secondary" data-testid="wizard-subject-line">
                    {line}
                  </Typography>
                ))}
                <WizardTables tables={subject.Tables} scope={scope} formatting={formatting} testId="wizard-table" />
              </Stack>
            </CardContent>
          </Card>
          {stop !== undefined && !finished ? (
            note(stop, 'wizard-stop')
          ) : (
            <StepsCard
              shared={shared}
              given={{ [subject.Source.Into]: source.data }}
              notes={subjectNotes(subject, scope, formatting).map((shown) => note(shown, 'wizard-note'))}
              finished={finished}
              onFinished={setFinished}
            />
          )}
        </Stack>
      )}
    </>
  );
}

/** A wizard without a subject: its steps, or its outcome once finished. */
function PlainSteps({ shared }: { shared: Shared }) {
  const [finished, setFinished] = useState<WizardScope>();
  if (finished && shared.wizard.Screen?.Outcome) return <Outcome outcome={shared.wizard.Screen.Outcome} scope={finished} />;
  return <Steps {...shared} onFinished={setFinished} />;
}

const NONE: readonly Capability[] = [];

export function DefinedWizard({ name, context: routeContext, capabilities, call, errorText, onContextChange, renderPicker, accountIcon, onSuccess, onDirtyChange }: DefinedWizardProps) {
  const queryClient = useQueryClient();
  const ask = useCallback<WizardLoad>((service, method, params, signal) => call(service, method, params, { signal }), [call]);
  const load = useWizardSourceLoader(ask);
  const layout = useWizardLayout(name, ask);
  const model = useWizardModel(layout.data, capabilities ?? NONE);
  const accountForm = useAccountFormSupport(call, capabilities ?? NONE);
  const screen = layout.data?.Screen;
  const subject = screen?.Subject;
  const context = useMemo(() => subjectContext(subject, routeContext), [subject, routeContext]);
  if (layout.isError) return <Alert severity="error" data-testid="wizard-load-error">{(errorText ?? wizardErrorText)(layout.error)}</Alert>;
  if (!layout.data || !model || !capabilities) return <LinearProgress />;
  const run = (service: string, method: string, params: Record<string, unknown>) => call(service, method, params, { suppressErrors: true });
  const onDone = (text: string | undefined) => {
    if (text) onSuccess(text);
    void queryClient.invalidateQueries();
  };
  const shared: Shared = { wizard: layout.data, model, context, load, run, accountForm, errorText, onDone, onDirtyChange };
  const picker = (account: SubjectAccount | null) =>
    subject?.Label !== undefined && renderPicker({ label: subject.Label, account, onPick: (accountId) => onContextChange({ [subject.Context]: String(accountId) }) });
  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto' }} data-testid="wizard-screen">
      {screen && (
        <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
          {screen.Title}
        </Typography>
      )}
      {screen?.Intro && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {screen.Intro}
        </Typography>
      )}
      {subject ? <SubjectSteps key={String(context[subject.Context])} subject={subject} shared={shared} picker={picker} accountIcon={accountIcon} call={call} /> : <PlainSteps shared={shared} />}
    </Box>
  );
}
