import { OrganisationSecurityPanels } from '../admin-console/security/OrganisationSecurityPanels';

/** /account/{id}/security (organisations, SECURITY_ROLES Read): the account's capability sets and roles. */
export default function SecurityTab({ accountId }: { accountId: number }) {
  return (
    <div data-testid="account-subpage-security">
      <OrganisationSecurityPanels accountId={accountId} />
    </div>
  );
}
