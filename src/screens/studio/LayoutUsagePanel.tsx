import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { callService } from '../../api';

/** Which accounts and products use the layout: counts by account type × product, and the first accounts as links. */
export function LayoutUsagePanel({ name, source }: { name: string; source: string }) {
  const { t } = useTranslation();
  const usage = useQuery({
    queryKey: ['studio', 'usage', name, source],
    queryFn: ({ signal }) => callService('Studio', 'GetLayoutUsage', { name, source }, { signal }),
    retry: false,
  });
  if (!usage.data) return null;
  const { Count, Products, Accounts } = usage.data;
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-testid="studio-usage">
      <Typography variant="subtitle2">{t('studio.usage.title', { count: Count })}</Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, my: 1 }}>
        {Products.map((entry) => (
          <Chip
            key={`${entry.AccountType}-${entry.ProductName ?? ''}`}
            size="small"
            variant="outlined"
            label={`${entry.AccountType}${entry.ProductName ? ` × ${entry.ProductName}` : ''}: ${entry.Count}`}
          />
        ))}
      </Stack>
      {Accounts.length > 0 && (
        <Typography variant="body2" component="div">
          {t('studio.usage.recent')}{' '}
          {Accounts.map((account, index) => (
            <span key={account.AccountId}>
              {index > 0 && ', '}
              <Link component={RouterLink} to={`/account/${account.AccountId}`} underline="hover">
                {account.Name}
              </Link>
            </span>
          ))}
        </Typography>
      )}
    </Box>
  );
}
