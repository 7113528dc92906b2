import { QueryContextGridScreen } from '../list/QueryContextGridScreen';

/** `/propagation?marketplaceId=…`: screen-definitions/screens/propagation.json (the picker, the filters, their save, the preview, the run and its job followed to its end are the definition's). */
export default function PropagationScreen() {
  return <QueryContextGridScreen name="propagation" />;
}
