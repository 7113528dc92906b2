import DefinitionTab from './DefinitionTab';
import type { AccountTabProps } from './account-tab-props';

/** /account/{id}/security: the definition organisation-security (until the account layouts name it as a grid tab). */
export default function SecurityTab(props: AccountTabProps) {
  return <DefinitionTab {...props} tab={{ ...props.tab, Definition: 'organisation-security' }} />;
}
