import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useMemo } from 'react';
import { DefinitionTreeScreen } from '../list/DefinitionTreeScreen';

/**
 * The company hierarchy of an account (the account page's tab; /hierarchy is the definition alone):
 * the tree of screen-definitions/screens/hierarchy.json — one level per call, "show terminated" as its
 * switch, each account's symbol, and its search, which reaches every account (a level shows at most its
 * first 500); a found account opens its account page here.
 */
export default function HierarchyTab({ accountId }: { accountId: number }) {
  const context = useMemo(() => ({ accountId }), [accountId]);
  return (
    <Card variant="outlined" data-testid="account-subpage-hierarchy">
      <CardContent>
        <DefinitionTreeScreen name="hierarchy" context={context} testId="hierarchy-tree" findTo="/account/{AccountId}" />
      </CardContent>
    </Card>
  );
}
