import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageSpinner } from '../../components/PageSpinner';
import { organisationIdOf, useCurrentUser } from '../../session';
import { parseAccountId } from '../account/sub-pages';
import HierarchyTab from './HierarchyTab';

/** /hierarchy/{accountId?}: the company hierarchy screen (spec §2 "company hierarchy"); default the user's own organisation. */
export default function HierarchyScreen() {
  const { t } = useTranslation();
  const params = useParams();
  const { data: user } = useCurrentUser();
  if (!user) return <PageSpinner />;
  const own = organisationIdOf(user);
  const accountId = parseAccountId(params.accountId) ?? own;
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }} data-testid="hierarchy-screen">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('lifecycle.hierarchy.title')}
      </Typography>
      <HierarchyTab key={accountId} accountId={accountId} hrefOfFound={(id) => `/hierarchy/${id}`} />
    </Box>
  );
}
