import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AccountPicker } from '../../components/AccountPicker';
import { AccountTypeIcon } from '../../components/AccountTypeIcon';
import { DefinitionTreeScreen } from '../list/DefinitionTreeScreen';

/**
 * The company hierarchy of an account (tab of /account/{id} and the /hierarchy screen): the tree of
 * screen-definitions/hierarchy.json (one level per call, "show terminated" as its switch), with a
 * search below the heading: a level shows at most its first 500 accounts, the search reaches them all.
 * `hrefOfFound` is where a found account opens (default its account page).
 */
export default function HierarchyTab({ accountId, hrefOfFound = (id) => `/account/${id}` }: { accountId: number; hrefOfFound?: (accountId: number) => string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const context = useMemo(() => ({ accountId }), [accountId]);
  return (
    <Card variant="outlined" data-testid="account-subpage-hierarchy">
      <CardContent>
        <DefinitionTreeScreen
          name="hierarchy"
          context={context}
          testId="hierarchy-tree"
          iconFor={(row, muted) => <AccountTypeIcon type={String(row.AccountType)} color={muted ? 'disabled' : 'action'} />}
          truncatedText={(count) => t('lifecycle.hierarchy.truncated', { count })}
        >
          <Box sx={{ maxWidth: 480, mb: 2 }}>
            <AccountPicker
              value={null}
              includeDepartment
              targetRoot={accountId}
              label={t('lifecycle.hierarchy.jump')}
              onChange={(picked) => picked && navigate(hrefOfFound(picked.AccountId))}
              data-testid="hierarchy-find"
            />
          </Box>
        </DefinitionTreeScreen>
      </CardContent>
    </Card>
  );
}
