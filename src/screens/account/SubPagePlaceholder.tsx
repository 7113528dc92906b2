import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

/**
 * Sub-pages whose screens other parts of the portal provide (README: "not
 * available yet"). Billing already knows the company currency it will show.
 */
export function SubPagePlaceholder({ page, currency }: { page: string; currency?: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} data-testid={`account-subpage-${page}`}>
      <Alert severity="info">{t('account.notAvailable')}</Alert>
      {page === 'billing' && currency && <Alert severity="success">{t('account.billingCurrency', { currency })}</Alert>}
    </Stack>
  );
}
