import Button from '@mui/material/Button';
import CardActions from '@mui/material/CardActions';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isImpersonated } from '../../identity/impersonation';
import { useCurrentUser } from '../../session/current-user';
import { TermsDialog } from '../../shell/terms/TermsDialog';
import { useTerms } from '../../shell/terms/use-terms';
import { DASHBOARD_QUERY_KEY } from './dashboard-query';

/** Terms have no screen of their own: the card opens the header's terms dialog at the first one not accepted. */
export function TermsCardAction() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const { data: terms } = useTerms(open);
  const first = terms?.find((document) => !document.AcceptedAt) ?? terms?.[0];
  return (
    <CardActions sx={{ pt: 0, px: 2, pb: 2 }}>
      <Button size="small" variant="outlined" color="inherit" onClick={() => setOpen(true)} data-testid="dashboard-terms-open">
        {t('dashboard.readTerms')}
      </Button>
      {open && user && terms && first && (
        <TermsDialog
          terms={terms}
          initialId={first.Id}
          userAccountId={user.UserAccountId}
          isImpersonated={isImpersonated(user)}
          onClose={() => {
            setOpen(false);
            void queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY });
          }}
        />
      )}
    </CardActions>
  );
}
