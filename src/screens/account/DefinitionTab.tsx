import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { DefinitionGridScreen } from '../list/DefinitionGridScreen';
import type { AccountTabProps } from './account-tab-props';

/** A tab that is a screen definition (a grid, a record page or form over a method) with the account as its context accountId; its frame guards unsaved edits. */
export default function DefinitionTab({ accountId, tab }: AccountTabProps) {
  const context = useMemo(() => ({ accountId }), [accountId]);
  return (
    <Box data-testid={`account-subpage-${tab.Path}`}>
      <DefinitionGridScreen name={tab.Definition ?? ''} context={context} showTitle={false} whenRefused="hide" height="max(360px, calc(100vh - 360px))" />
    </Box>
  );
}
