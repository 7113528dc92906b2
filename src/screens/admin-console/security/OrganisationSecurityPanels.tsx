import Grid from '@mui/material/Grid';
import { CapabilitySetsPanel } from './CapabilitySetsPanel';
import { RolesPanel } from './RolesPanel';

/** The capability sets and roles an organisation account owns, side by side (admin console and account tab). */
export function OrganisationSecurityPanels({ accountId }: { accountId: number }) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <CapabilitySetsPanel key={accountId} accountId={accountId} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <RolesPanel key={accountId} accountId={accountId} />
      </Grid>
    </Grid>
  );
}
