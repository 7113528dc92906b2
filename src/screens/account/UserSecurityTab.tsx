import DefinitionTab from './DefinitionTab';
import type { AccountTabProps } from './account-tab-props';

/** /account/{id}/user-security: the definition user-security (until the account layouts name it as a grid tab). */
export default function UserSecurityTab(props: AccountTabProps) {
  return <DefinitionTab {...props} tab={{ ...props.tab, Definition: 'user-security' }} />;
}
