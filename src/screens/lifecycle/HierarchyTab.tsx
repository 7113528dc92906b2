import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AccountPicker } from '../../components/AccountPicker';
import { HierarchyTree } from './HierarchyTree';

/**
 * The company hierarchy of an account (tab of /account/{id} and the /hierarchy screen), with a
 * search below it: a level shows at most its first 500 accounts, the search reaches them all.
 * `hrefOfFound` is where a found account opens (default its account page).
 */
export default function HierarchyTab({ accountId, hrefOfFound = (id) => `/account/${id}` }: { accountId: number; hrefOfFound?: (accountId: number) => string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [showTerminated, setShowTerminated] = useState(false);
  return (
    <Card variant="outlined" data-testid="account-subpage-hierarchy">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 2, mb: 1 }}>
          <Typography variant="h6" component="h2">
            {t('lifecycle.hierarchy.title')}
          </Typography>
          <FormControlLabel
            control={<Switch checked={showTerminated} onChange={(event) => setShowTerminated(event.target.checked)} data-testid="hierarchy-show-terminated" />}
            label={t('lifecycle.hierarchy.showTerminated')}
          />
        </Stack>
        <Box sx={{ maxWidth: 480, mb: 2 }}>
          <AccountPicker
            value={null}
            includeDepartment
            targetRoot={accountId}
            label={t('lifecycle.hierarchy.jump')}
            onChange={(picked) => picked && navigate(hrefOfFound(picked.AccountId))}
            data-testid="hierarchy-find"
          />
        </Box>
        <HierarchyTree key={String(showTerminated)} rootId={accountId} showTerminated={showTerminated} />
      </CardContent>
    </Card>
  );
}
