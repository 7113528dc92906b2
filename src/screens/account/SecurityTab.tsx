import { satisfiesCheck } from '../../../engine/shared';
import { useCurrentUser } from '../../session';
import { useAccount } from './account-queries';
import { useAccountTypes } from './account-types';
import { OrganisationSecurityPanels } from '../admin-console/security/OrganisationSecurityPanels';
import { IpRestrictionsPanel } from '../lifecycle/IpRestrictionsPanel';
import { MfaPolicyPanel } from './MfaPolicyPanel';

/** /account/{id}/security (organisations, SECURITY_ROLES Read): the account's capability sets and roles. */
export default function SecurityTab({ accountId }: { accountId: number }) {
  const capabilities = useCurrentUser().data?.Capability ?? [];
  // The account screen has loaded the account already: its kind decides which roles are listed.
  const accountType = useAccount(accountId).data?.AccountType;
  // An organisation's MFA policy (types whose layout says Organisation).
  const organisation = useAccountTypes().data?.some((type) => type.AccountType === accountType && type.Organisation);
  return (
    <div data-testid="account-subpage-security">
      <OrganisationSecurityPanels accountId={accountId} accountType={accountType} />
      {satisfiesCheck(capabilities, { ObjectType: 'IP_RESTRICTIONS', Read: true }) && <IpRestrictionsPanel accountId={accountId} />}
      {organisation && satisfiesCheck(capabilities, { ObjectType: 'MFA', Read: true }) && (
        <MfaPolicyPanel key={accountId} companyId={accountId} />
      )}
    </div>
  );
}
