import { DefinitionGridScreen } from '../list/DefinitionGridScreen';

/** `/provisioning`: every provisioning request in reach (screen-definitions/provisioning.json). */
export default function ProvisioningScreen() {
  return <DefinitionGridScreen name="provisioning" />;
}
