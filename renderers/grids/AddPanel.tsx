import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyBindings, setPath, type AddPanelDefinition, type ScreenContext, type SourceOption } from '../../engine/grids';
import type { GridServiceCaller } from './grid-service';
import { SourceAutocomplete } from './SourceAutocomplete';

export interface AddPanelProps {
  panel: AddPanelDefinition;
  /** Prefix of the test ids: `{definition id}-{panel id}`. */
  idPrefix: string;
  text: (ref: AddPanelDefinition['label'], values?: Record<string, string | number>) => string;
  context: ScreenContext;
  callService: GridServiceCaller;
  onDone: (message: string) => void;
  onError: (error: unknown) => void;
}

/**
 * A definition's add panel (above the rows): values are picked one at a time
 * from its options source (searched as the user types), gathered as chips,
 * and sent in one call; then the rows reload (the caller's onDone).
 */
export function AddPanel({ panel, idPrefix, text, context, callService, onDone, onError }: AddPanelProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<SourceOption[]>([]);
  const [busy, setBusy] = useState(false);
  const pick = (option: SourceOption) => setChosen((list) => (list.some((entry) => entry.value === option.value) ? list : [...list, option]));
  const send = async () => {
    setBusy(true);
    try {
      const body = applyBindings({}, panel.params, context) as Record<string, unknown>;
      setPath(body, panel.valuesParam, chosen.map((option) => option.value));
      await callService(panel.service, panel.method, body);
      onDone(text(panel.done, { count: chosen.length }));
      setChosen([]);
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 1 }} data-testid={idPrefix}>
      {panel.help && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {text(panel.help)}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' } }}>
        <Box sx={{ flex: 1, minWidth: { md: 320 } }}>
          <SourceAutocomplete
            source={panel.picker.options}
            context={context}
            callService={callService}
            onError={onError}
            onPick={pick}
            label={text(panel.picker.label)}
            loadingText={t('common.loading')}
            noOptionsText={t('forms.noOptions')}
            size="small"
            testId={`${idPrefix}-picker`}
          />
          {chosen.length > 0 && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }} data-testid={`${idPrefix}-chosen`}>
              {chosen.map((option) => (
                <Chip key={option.value} size="small" label={option.label} onDelete={() => setChosen((list) => list.filter((entry) => entry.value !== option.value))} />
              ))}
            </Stack>
          )}
        </Box>
        <Button variant="contained" disabled={busy || chosen.length === 0} onClick={() => void send()} data-testid={`${idPrefix}-submit`}>
          {text(panel.label)}
        </Button>
      </Stack>
    </Paper>
  );
}
