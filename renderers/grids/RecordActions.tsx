/**
 * Action buttons of a record (a record page's `actions` block, a record head's `actions`): each makes a call with the
 * context's values (then the page is read again; its notice may name values of the answer), goes to a route (a
 * `redirect` context value only when it is a path of the app; a fixed route is a link), or reads the page again.
 * Test ids `{definition id}-{button id}` unless a button names its own. In a head (`look="head"`) the buttons are
 * small outlined ones placed in the head's row of buttons, nothing of their own around them.
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { applyBindings, formTarget, namedValues, shownButtons, type RecordActionButtonDefinition, type TextRef, type Translate } from '../../engine/grids';
import { ActionIcon } from './action-icons';
import { errorText } from './grid-service';
import type { RecordCalls } from './RecordFileRoundTrip';

/** The page's texts (RecordSection's RecordTexts). */
type Texts = { translate: Translate; text: (ref: TextRef, values?: Record<string, string | number>) => string };

export interface RecordActionsProps {
  buttons: readonly RecordActionButtonDefinition[];
  values: Record<string, unknown>;
  texts: Texts;
  calls: RecordCalls;
  idPrefix: string;
  testId?: string;
  /** block: a line of text buttons at the end (a record page); head: small outlined buttons within the head's row. */
  look?: 'block' | 'head';
}

export function RecordActions({ buttons: defined, values, texts, calls, idPrefix, testId, look = 'block' }: RecordActionsProps) {
  const [busy, setBusy] = useState<string>();
  const buttons = shownButtons({ buttons: [...defined] }, values, calls.context, calls.capabilities ?? []);
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
      const answer = await calls.callService(button.call.service, button.call.method, applyBindings({}, button.call.params, calls.context));
      const named = button.call.doneValues && namedValues(button.call.doneValues, (answer ?? {}) as Record<string, unknown>, calls.language, texts.translate);
      if (button.call.done) calls.onSuccess?.(texts.text(button.call.done, named));
    } catch (failure) {
      calls.onError?.(errorText(failure, texts.translate('errors.unknown')));
    } finally {
      setBusy(undefined);
      calls.reload?.();
    }
  };

  const head = look === 'head';
  const drawn = buttons.map((button) => {
    // A fixed route is a link of the app (opens in a new tab too).
    const link = button.go && !button.go.redirect ? formTarget(button.go, calls.context) : undefined;
    const to = link && 'path' in link ? link.path : undefined;
    return (
      <Button
        key={button.id}
        variant={button.emphasis ? 'contained' : head ? 'outlined' : 'text'}
        size={head ? 'small' : undefined}
        color={button.color ?? 'primary'}
        startIcon={button.icon && <ActionIcon name={button.icon} />}
        disabled={busy !== undefined}
        {...(to ? { component: RouterLink, to } : { onClick: () => void press(button) })}
        data-testid={button.testId ?? `${idPrefix}-${button.id}`}
      >
        {texts.text(button.label)}
      </Button>
    );
  });
  if (head) return <>{drawn}</>;
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }} data-testid={testId}>
      {drawn}
    </Stack>
  );
}
