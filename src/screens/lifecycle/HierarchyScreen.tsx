import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { AccountPicker } from '../../components/AccountPicker';
import { PageSpinner } from '../../components/PageSpinner';
import { useCurrentUser } from '../../session';
import { parseAccountId } from '../account/sub-pages';
import HierarchyTab from './HierarchyTab';

/** /hierarchy/{accountId?}: the company hierarchy screen (spec §2 "company hierarchy"); default the user's own organisation. */
export default function HierarchyScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const { data: user } = useCurrentUser();
  if (!user) return <PageSpinner />;
  const own = Number(user.AccountPath.split('/').at(-1));
  const accountId = parseAccountId(params.accountId) ?? own;
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }} data-testid="hierarchy-screen">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('lifecycle.hierarchy.title')}
      </Typography>
      <Box sx={{ maxWidth: 480, mb: 2 }}>
        <AccountPicker value={null} includeDepartment label={t('lifecycle.hierarchy.jump')} onChange={(picked) => picked && navigate(`/hierarchy/${picked.AccountId}`)} />
      </Box>
      <HierarchyTab key={accountId} accountId={accountId} />
    </Box>
  );
}
