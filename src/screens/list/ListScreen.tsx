import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { DefinitionGridScreen } from './DefinitionGridScreen';

/**
 * `/list/:definitionName`: any screen definition, no code needed. The query
 * string becomes the definition's context (e.g. ?accountId=6).
 */
export default function ListScreen() {
  const { definitionName = '' } = useParams();
  const [search] = useSearchParams();
  const context = useMemo(() => Object.fromEntries(search.entries()), [search]);
  return <DefinitionGridScreen key={definitionName} name={definitionName} context={context} />;
}
