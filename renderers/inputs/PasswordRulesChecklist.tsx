import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { RuleState } from '../../engine/grids/form';

export interface ChecklistRule {
  id: string;
  /** The rule in words. */
  label: string;
  state: RuleState;
}

const ICONS = {
  met: <CheckCircleIcon fontSize="small" color="success" />,
  failed: <CancelIcon fontSize="small" color="error" />,
  unknown: <RadioButtonUncheckedIcon fontSize="small" sx={{ color: 'text.disabled' }} />,
  onSave: <ScheduleIcon fontSize="small" sx={{ color: 'text.secondary' }} />,
} satisfies Record<RuleState, React.ReactNode>;

// For screen readers only ('1px', not 1: MUI reads 1 as 100%).
const VISUALLY_HIDDEN = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * A password policy's rules (a form's newPassword input, its `policy`) with a tick or a cross each, as the server judged
 * the typed value; said again to screen readers as it changes. Test ids {testId}-rules and {testId}-rule-{id} (data-state).
 */
export function PasswordRulesChecklist({ testId, title, rules, busy }: { testId: string; title: string; rules: readonly ChecklistRule[]; busy?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box data-testid={`${testId}-rules`} aria-busy={busy} aria-live="polite">
      <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rules.map((rule) => (
          <Stack component="li" key={rule.id} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid={`${testId}-rule-${rule.id}`} data-state={rule.state}>
            {ICONS[rule.state]}
            <Typography variant="body2" color={rule.state === 'failed' ? 'error' : 'text.primary'}>
              {rule.label}
              <Box component="span" sx={VISUALLY_HIDDEN}>
                {` (${t(`identity.password.ruleState.${rule.state}`)})`}
              </Box>
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
