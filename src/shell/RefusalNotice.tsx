import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { refusedRouteOf } from '../router/refused-route';
import { screenNameKey } from '../router/screen-names';

/**
 * What the guard refused (it goes to the start page with the refused route in the history state), named as the
 * menus name it (or by the screen's own name), above the page; dismissing it clears it from the history entry.
 */
export function RefusalNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const refused = refusedRouteOf(location.state);
  if (!refused) return null;
  const nameKey = screenNameKey(refused.pattern);
  const name = nameKey ? t(nameKey) : refused.path;
  return (
    <Alert severity="warning" role="alert" data-testid="dashboard-refused" onClose={() => navigate(location.pathname, { replace: true, state: null })} sx={{ maxWidth: 1280, mx: 'auto', mb: 2 }}>
      {t('dashboard.refused', { name })}
    </Alert>
  );
}
