import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { getBranding } from '../../branding';
import { refusedRouteOf } from '../../router/refused-route';
import { displayNameOf, useCurrentUser } from '../../session/current-user';
import { screenNameKey } from '../../router/screen-names';
import { DashboardCard } from './DashboardCard';
import { useDashboard } from './dashboard-query';

/** What the guard refused, named as the menus name it (or by the screen's own name); dismissing it clears it from the history entry. */
function RefusalNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const refused = refusedRouteOf(location.state);
  if (!refused) return null;
  const nameKey = screenNameKey(refused.pattern);
  const name = nameKey ? t(nameKey) : refused.path;
  return (
    <Alert severity="warning" role="alert" data-testid="dashboard-refused" onClose={() => navigate('/', { replace: true, state: null })} sx={{ mb: 2 }}>
      {t('dashboard.refused', { name })}
    </Alert>
  );
}

/**
 * The start page (`/`, the logo's target): what needs the user's attention,
 * as cards by capability, all loaded in one call (Account/GetDashboard; the
 * cards are files on the server, screen-definitions/cards/).
 */
export default function DashboardScreen() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const dashboard = useDashboard();
  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto', mt: { xs: 1, md: 3 } }}>
      <RefusalNotice />
      <Box data-testid="home-welcome" sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1">
          {user ? t('home.welcomeNamed', { name: displayNameOf(user) }) : t('home.welcome')}
        </Typography>
        <Typography color="text.secondary">{t('dashboard.intro', { title: getBranding().title })}</Typography>
      </Box>
      {dashboard.isError && <Alert severity="error">{t('dashboard.failed')}</Alert>}
      <Box
        data-testid="dashboard-cards"
        // Each card is as tall as its content: a count card beside a chart does not stretch to the chart's height.
        sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}
      >
        {dashboard.isPending && [0, 1, 2].map((index) => <Skeleton key={index} variant="rounded" height={150} />)}
        {dashboard.data?.Cards.map((card) => (
          <Box key={card.Id} sx={{ gridColumn: card.Kind === 'count' ? undefined : { lg: 'span 1' }, minWidth: 0 }}>
            <DashboardCard card={card} />
          </Box>
        ))}
      </Box>
      {dashboard.data?.Cards.length === 0 && <Typography color="text.secondary">{t('dashboard.empty')}</Typography>}
    </Box>
  );
}
