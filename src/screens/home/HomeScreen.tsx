import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { getBranding } from '../../branding';
import { displayNameOf, useCurrentUser } from '../../session/current-user';

/** The start page after sign-in: a welcome card for now. */
export default function HomeScreen() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  return (
    <Card sx={{ maxWidth: 720, mx: 'auto', mt: { xs: 1, md: 4 } }} data-testid="home-welcome">
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {user ? t('home.welcomeNamed', { name: displayNameOf(user) }) : t('home.welcome')}
        </Typography>
        <Typography color="text.secondary">{t('home.intro', { title: getBranding().title })}</Typography>
      </CardContent>
    </Card>
  );
}
