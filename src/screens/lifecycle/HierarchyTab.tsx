import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HierarchyTree } from './HierarchyTree';

/** The company hierarchy of an account (tab of /account/{id} and the /hierarchy screen). */
export default function HierarchyTab({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const [showTerminated, setShowTerminated] = useState(false);
  return (
    <Card variant="outlined" data-testid="account-subpage-hierarchy">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
          <Typography variant="h6" component="h2">
            {t('lifecycle.hierarchy.title')}
          </Typography>
          <FormControlLabel
            control={<Switch checked={showTerminated} onChange={(event) => setShowTerminated(event.target.checked)} data-testid="hierarchy-show-terminated" />}
            label={t('lifecycle.hierarchy.showTerminated')}
          />
        </Stack>
        <HierarchyTree key={String(showTerminated)} rootId={accountId} showTerminated={showTerminated} />
      </CardContent>
    </Card>
  );
}
