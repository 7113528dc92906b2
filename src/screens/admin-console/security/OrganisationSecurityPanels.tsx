import Grid from '@mui/material/Grid';
import { CapabilitySetsPanel } from './CapabilitySetsPanel';
import { RolesPanel } from './RolesPanel';

/**
 * The capability sets and roles an organisation account owns, side by side (admin console and account tab).
 * `accountType`: the organisation's kind, so only roles meant for it (or its own) are listed.
 */
export function OrganisationSecurityPanels({ accountId, accountType }: { accountId: number; accountType: string | undefined }) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <CapabilitySetsPanel key={accountId} accountId={accountId} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <RolesPanel key={accountId} accountId={accountId} accountType={accountType} />
      </Grid>
    </Grid>
  );
}
