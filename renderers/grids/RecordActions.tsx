/**
 * A record page's `actions` block: buttons at the end of a line, each making a call with the context's values
 * (then the page is read again), going to a route (a `redirect` context value only when it is a path of the app),
 * or reading the page again. Test ids `{definition id}-{button id}`.
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { applyBindings, formTarget, shownButtons, type RecordActionButtonDefinition, type RecordBlockDefinition, type TextRef, type Translate } from '../../engine/grids';
import { ActionIcon } from './action-icons';
import { errorText } from './grid-service';
import type { RecordCalls } from './RecordFileRoundTrip';

type ActionsBlock = Extract<RecordBlockDefinition, { kind: 'actions' }>;
/** The page's texts (RecordSection's RecordTexts). */
type Texts = { translate: Translate; text: (ref: TextRef) => string };

export function RecordActions({ block, values, texts, calls, idPrefix, testId }: { block: ActionsBlock; values: Record<string, unknown>; texts: Texts; calls: RecordCalls; idPrefix: string; testId?: string }) {
  const [busy, setBusy] = useState<string>();
  const buttons = shownButtons(block, values, calls.context, calls.capabilities ?? []);
  if (buttons.length === 0) return null;

  const press = async (button: RecordActionButtonDefinition) => {
    if (button.reload) return calls.reload?.();
    if (button.go) {
      const target = formTarget(button.go, calls.context);
      if ('href' in target) window.location.assign(target.href);
      else calls.navigate?.(target.path);
      return;
    }
    if (!button.call) return;
    setBusy(button.id);
    try {
      await calls.callService(button.call.service, button.call.method, applyBindings({}, button.call.params, calls.context));
      if (button.call.done) calls.onSuccess?.(texts.text(button.call.done));
    } catch (failure) {
      calls.onError?.(errorText(failure, texts.translate('errors.unknown')));
    } finally {
      setBusy(undefined);
      calls.reload?.();
    }
  };

  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }} data-testid={testId}>
      {buttons.map((button) => (
        <Button
          key={button.id}
          variant={button.emphasis ? 'contained' : 'text'}
          startIcon={button.icon && <ActionIcon name={button.icon} />}
          disabled={busy !== undefined}
          onClick={() => void press(button)}
          data-testid={`${idPrefix}-${button.id}`}
        >
          {texts.text(button.label)}
        </Button>
      ))}
    </Stack>
  );
}
