import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionAppliesTo, buildGridModel, type GridActionModel, type ScreenContext, type Translate } from '../../../engine/grids';
import { ActionDialog } from '../../../renderers/grids/ActionDialog';
import { ActionIcon } from '../../../renderers/grids/action-icons';
import { runGridAction } from '../../../renderers/grids/run-action';
import { showError, showSuccess } from '../../messages';
import { useCurrentUser } from '../../session/current-user';
import { gridServiceCaller } from '../list/grid-service-caller';
import { useScreenDefinition } from '../list/use-screen-definition';

type Row = Record<string, unknown>;

/**
 * The row actions a screen definition declares, as buttons in a screen's own
 * panel: the same confirmation, reason form and call as in the grid.
 */
export function RowActions({ definitionName, row, rowId, context = {}, onDone }: { definitionName: string; row: Row; rowId: string | number; context?: ScreenContext; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const { data: user } = useCurrentUser();
  const definition = useScreenDefinition(definitionName);
  const translate: Translate = useCallback((key, values) => String(t(key, values)), [t]);
  const locale = i18n.resolvedLanguage ?? 'en';
  const actions = useMemo(() => {
    if (!definition.data || !user) return [];
    const model = buildGridModel(definition.data, { capabilities: user.Capability, translate, locale });
    return model.actions.filter((action) => actionAppliesTo(action.definition, row));
  }, [definition.data, user, translate, locale, row]);
  const [pending, setPending] = useState<GridActionModel | undefined>();
  const [busy, setBusy] = useState(false);

  const execute = async (action: GridActionModel, reason: string | undefined) => {
    setBusy(true);
    try {
      const outcome = await runGridAction({ action, ids: [rowId], reason, context, callService: gridServiceCaller, translate });
      if (outcome.message.success) showSuccess(outcome.message.success);
      if (outcome.message.failure) showError(outcome.message.failure);
      onDone();
    } catch (error) {
      showError(error instanceof Error ? error.message : t('grids.actionFailedGeneric'));
    } finally {
      setBusy(false);
      setPending(undefined);
    }
  };

  if (actions.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {actions.map((action) => (
        <Button
          key={action.id}
          size="small"
          variant="outlined"
          color={action.confirmation?.destructive ? 'error' : 'primary'}
          startIcon={<ActionIcon name={action.icon} />}
          onClick={() => (action.confirmation || action.reason ? setPending(action) : void execute(action, undefined))}
          data-testid={`row-action-${action.id}`}
        >
          {action.label}
        </Button>
      ))}
      {pending && <ActionDialog action={pending} count={1} busy={busy} onConfirm={(reason) => void execute(pending, reason)} onCancel={() => setPending(undefined)} />}
    </Stack>
  );
}
