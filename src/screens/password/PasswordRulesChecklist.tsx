import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PASSWORD_LIMITS, PASSWORD_RULES, RULES_CHECKED_ON_SAVE, type PasswordRule } from './password-rules';

type RuleState = 'met' | 'failed' | 'unknown' | 'onSave';

function stateOf(rule: PasswordRule, failedRules: ReadonlySet<string> | undefined): RuleState {
  if (RULES_CHECKED_ON_SAVE.includes(rule)) return 'onSave';
  if (!failedRules) return 'unknown';
  return failedRules.has(rule) ? 'failed' : 'met';
}

const ICONS = {
  met: <CheckCircleIcon fontSize="small" color="success" />,
  failed: <CancelIcon fontSize="small" color="error" />,
  unknown: <RadioButtonUncheckedIcon fontSize="small" sx={{ color: 'text.disabled' }} />,
  onSave: <ScheduleIcon fontSize="small" sx={{ color: 'text.secondary' }} />,
} satisfies Record<RuleState, React.ReactNode>;

// For screen readers only ('1px', not 1: MUI reads 1 as 100%).
const VISUALLY_HIDDEN = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** The password rules of spec §5 with a tick or a cross each, as the server judged the current value. */
export function PasswordRulesChecklist({ failedRules, busy }: { failedRules: ReadonlySet<string> | undefined; busy?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="password-rules" aria-busy={busy} aria-live="polite">
      <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
        {t('identity.password.rulesTitle')}
      </Typography>
      <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {PASSWORD_RULES.map((rule) => {
          const state = stateOf(rule, failedRules);
          return (
            <Stack component="li" key={rule} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid={`password-rule-${rule}`} data-state={state}>
              {ICONS[state]}
              <Typography variant="body2" color={state === 'failed' ? 'error' : 'text.primary'}>
                {t(`identity.password.rule.${rule}`, PASSWORD_LIMITS)}
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  {` (${t(`identity.password.ruleState.${state}`)})`}
                </Box>
              </Typography>
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}
