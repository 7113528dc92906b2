import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { canOpenScreen, type ScreenContext } from '../../../engine/grids';
import { DefinedTree, type DefinedTreeProps } from '../../../renderers/grids';
import { useCurrentUser } from '../../session/current-user';
import { gridServiceCaller } from './grid-service-caller';
import { useScreenDefinition } from './use-screen-definition';

export type DefinitionTreeScreenProps = Omit<DefinedTreeProps, 'definition' | 'callService' | 'context'> & { name: string; context: ScreenContext };

/** A tree from its definition (a tree data source, e.g. hierarchy.json), loaded at run time like the grids. */
export function DefinitionTreeScreen({ name, ...props }: DefinitionTreeScreenProps) {
  const { data: user } = useCurrentUser();
  const definition = useScreenDefinition(name);
  if (definition.isError) return <Alert severity="error" data-testid="definition-error">{definition.error.message}</Alert>;
  if (!user || !definition.data) return <CircularProgress size={24} />;
  if (!canOpenScreen(definition.data, user.Capability)) return null;
  return <DefinedTree definition={definition.data} callService={gridServiceCaller} {...props} />;
}
