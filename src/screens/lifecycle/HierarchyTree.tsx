/**
 * The company hierarchy as a tree (Account/GetAccountTree): one level per
 * call, a node's children loaded when it is expanded; terminated accounts only
 * when asked, greyed. Each node opens its account.
 */
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { callService } from '../../api';
import { AccountTypeIcon } from '../../components/AccountTypeIcon';
import type { ResultOf } from '../../../contract';
import type { catalogue } from '../../../contract/catalogue';

type Tree = ResultOf<typeof catalogue.Account.GetAccountTree>;
type TreeNode = Tree['Account'];

/**
 * How a tree's nodes link and which are open: the account page by default; the accounts
 * screen (issue 16) selects a node instead, opens the path down to it and marks it.
 */
interface TreeLinks {
  hrefOf: (accountId: number) => string;
  selectedId?: number;
  openIds?: ReadonlySet<number>;
}
const TreeLinksContext = createContext<TreeLinks>({ hrefOf: (accountId) => `/account/${accountId}` });

export const accountTreeKey = (accountId: number, showTerminated: boolean) => ['accountTree', accountId, showTerminated] as const;

function useTreeLevel(accountId: number, showTerminated: boolean, enabled: boolean) {
  return useQuery({
    queryKey: accountTreeKey(accountId, showTerminated),
    queryFn: ({ signal }) => callService('Account', 'GetAccountTree', { accountId, showTerminatedAccounts: showTerminated }, { signal }),
    enabled,
  });
}

function NodeRow({ node, depth, expanded, onToggle, loading }: { node: TreeNode; depth: number; expanded: boolean; onToggle?: () => void; loading?: boolean }) {
  const { t } = useTranslation();
  const { hrefOf, selectedId } = useContext(TreeLinksContext);
  const terminated = node.AccountState === 'Terminated';
  const selected = node.AccountId === selectedId;
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        pl: depth * 3,
        py: 0.25,
        minHeight: 36,
        borderRadius: 1,
        color: terminated ? 'text.disabled' : 'text.primary',
        bgcolor: selected ? 'action.selected' : undefined,
      }}
      data-testid={`tree-node-${node.AccountId}`}
      data-state={node.AccountState}
      aria-current={selected || undefined}
    >
      {node.HasChildren ? (
        <IconButton
          size="small"
          onClick={onToggle}
          aria-label={t(expanded ? 'lifecycle.hierarchy.collapse' : 'lifecycle.hierarchy.expand', { name: node.DisplayName })}
          data-testid={`tree-toggle-${node.AccountId}`}
        >
          {loading ? <CircularProgress size={16} /> : expanded ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
        </IconButton>
      ) : (
        <Box sx={{ width: 34 }} />
      )}
      <AccountTypeIcon type={node.AccountType} color={terminated ? 'disabled' : 'action'} />
      <Link component={RouterLink} to={hrefOf(node.AccountId)} underline="hover" color="inherit" sx={{ overflowWrap: 'anywhere', fontWeight: selected ? 600 : undefined }}>
        {node.DisplayName}
      </Link>
      <Typography variant="caption" color="text.secondary">
        {t(`account.types.${node.AccountType}`, { defaultValue: node.AccountType })}
      </Typography>
      {terminated && <Chip size="small" variant="outlined" label={t('account.terminated')} sx={{ color: 'text.disabled' }} />}
    </Box>
  );
}

function Branch({ node, depth, showTerminated }: { node: TreeNode; depth: number; showTerminated: boolean }) {
  const { openIds } = useContext(TreeLinksContext);
  const onPath = openIds?.has(node.AccountId) ?? false;
  const [expanded, setExpanded] = useState(onPath);
  // A node selected elsewhere (the grid, a link) opens the path down to it.
  useEffect(() => {
    if (onPath) setExpanded(true);
  }, [onPath]);
  const level = useTreeLevel(node.AccountId, showTerminated, expanded);
  return (
    <Box role="treeitem" aria-expanded={node.HasChildren ? expanded : undefined}>
      <NodeRow node={node} depth={depth} expanded={expanded} onToggle={() => setExpanded((open) => !open)} loading={expanded && level.isLoading} />
      {expanded && level.data && <Children tree={level.data} depth={depth + 1} showTerminated={showTerminated} />}
    </Box>
  );
}

function Children({ tree, depth, showTerminated }: { tree: Tree; depth: number; showTerminated: boolean }) {
  const { t } = useTranslation();
  return (
    <Box role="group">
      {tree.Children.map((child) => (
        <Branch key={child.AccountId} node={child} depth={depth} showTerminated={showTerminated} />
      ))}
      {tree.ChildrenTruncated && (
        <Typography variant="caption" color="text.secondary" sx={{ pl: depth * 3 + 5 }}>
          {t('lifecycle.hierarchy.truncated', { count: tree.Children.length })}
        </Typography>
      )}
    </Box>
  );
}

/** The tree from `rootId`, its first level open; `links` changes where nodes lead (default: the account page). */
export function HierarchyTree({ rootId, showTerminated, links }: { rootId: number; showTerminated: boolean; links?: TreeLinks }) {
  const { t } = useTranslation();
  const root = useTreeLevel(rootId, showTerminated, true);
  if (root.isError) return <Alert severity="error">{t('lifecycle.hierarchy.loadFailed')}</Alert>;
  if (!root.data) return <CircularProgress size={24} />;
  const tree = (
    <Box role="tree" aria-label={t('lifecycle.hierarchy.title')} data-testid="hierarchy-tree">
      <Box role="treeitem" aria-expanded>
        <NodeRow node={root.data.Account} depth={0} expanded />
        <Children tree={root.data} depth={1} showTerminated={showTerminated} />
      </Box>
    </Box>
  );
  return links ? <TreeLinksContext.Provider value={links}>{tree}</TreeLinksContext.Provider> : tree;
}
