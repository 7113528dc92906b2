/**
 * A wizard layout drawn as a screen of its own (issue 33): its Screen part's
 * title and intro, the account it is about (a picker the app hands in sets the
 * route's context value; the subject's source tells about it: the heading, a
 * Stop note instead of the steps, notes above them, tables and tags), the steps (<WizardForm>),
 * and after the final call the Success line; then the steps start again, as the
 * answers they read may have changed. No import of the app: the service client,
 * the picker and the messages are handed in.
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
import type { WizardLayout, WizardSubject } from '../../../contract/services/wizard-schemas';
import { pageFormatting } from '../../../contract/formatting';
import { useLayoutForm } from '../use-layout-form';
import { WizardForm } from '../WizardForm';
import type { WizardLoad } from './ChooseRowStep';
import { SubjectHeading, SubjectNote, SubjectTables } from './SubjectParts';
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
  errorText?(error: unknown): string;
  onDone(text: string | undefined): void;
  onDirtyChange?(dirty: boolean): void;
}

/** The steps; each success starts them again (key), as what they offer may have changed. */
function Steps({ wizard, model, context, load, run, errorText = wizardErrorText, onDone, onDirtyChange, given }: Shared & { given?: Record<string, unknown> }) {
  const { i18n } = useTranslation();
  const [round, setRound] = useState(0);
  const done = (result: unknown, scope: WizardScope) => {
    onDone(successText(wizard.Screen, wizard.Action.Into, result, scope, pageFormatting(i18n.resolvedLanguage ?? i18n.language)));
    setRound((value) => value + 1);
  };
  return <Round key={round} wizard={wizard} model={model} context={context} load={load} run={run} errorText={errorText} onDone={done} onDirtyChange={onDirtyChange} given={given} />;
}

function Round({ wizard, model, context, load, run, errorText, onDone, onDirtyChange, given }: Omit<Shared, 'onDone'> & { given?: Record<string, unknown>; onDone(result: unknown, scope: WizardScope): void }) {
  const services = useMemo(() => wizardServices(wizard, context, load), [wizard, context, load]);
  const form = useLayoutForm(model, { services });
  return <WizardForm wizard={wizard} form={form} context={context} run={run} load={load} given={given} errorText={errorText} onDone={onDone} onDirtyChange={onDirtyChange} danger={wizard.Screen?.Danger} />;
}

/** The account the screen is about: picked, told about by the subject's source, then the steps unless a Stop note holds. */
function SubjectSteps({ subject, shared, picker, accountIcon, call }: { subject: WizardSubject; shared: Shared; picker(account: SubjectAccount | null): ReactNode; accountIcon: DefinedWizardProps['accountIcon']; call: DefinedWizardProps['call'] }) {
  const { i18n } = useTranslation();
  const formatting = pageFormatting(i18n.resolvedLanguage ?? i18n.language);
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
      <Box sx={{ maxWidth: 480, mb: 2 }}>{picker(account)}</Box>
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
                <SubjectTables subject={subject} scope={scope} formatting={formatting} />
              </Stack>
            </CardContent>
          </Card>
          {stop !== undefined ? (
            note(stop, 'wizard-stop')
          ) : (
            <Card variant="outlined">
              <CardContent>
                <Stack spacing={2} sx={{ maxWidth: 560 }}>
                  {subjectNotes(subject, scope, formatting).map((shown) => note(shown, 'wizard-note'))}
                  <Steps {...shared} given={{ [subject.Source.Into]: source.data }} />
                </Stack>
              </CardContent>
            </Card>
          )}
        </Stack>
      )}
    </>
  );
}

export function DefinedWizard({ name, context: routeContext, capabilities, call, errorText, onContextChange, renderPicker, accountIcon, onSuccess, onDirtyChange }: DefinedWizardProps) {
  const queryClient = useQueryClient();
  const ask = useCallback<WizardLoad>((service, method, params, signal) => call(service, method, params, { signal }), [call]);
  const load = useWizardSourceLoader(ask);
  const layout = useWizardLayout(name, ask);
  const model = useWizardModel(layout.data, capabilities ?? []);
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
  const shared: Shared = { wizard: layout.data, model, context, load, run, errorText, onDone, onDirtyChange };
  const picker = (account: SubjectAccount | null) =>
    subject && renderPicker({ label: subject.Label, account, onPick: (accountId) => onContextChange({ [subject.Context]: String(accountId) }) });
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
      {subject ? <SubjectSteps key={String(context[subject.Context])} subject={subject} shared={shared} picker={picker} accountIcon={accountIcon} call={call} /> : <Steps {...shared} />}
    </Box>
  );
}
