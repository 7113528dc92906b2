import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showsSupportMenu } from '../menus/shell-menus';
import { useShellLinks } from '../menus/use-shell-links';
import { ShellLinkMenuItem } from '../ShellLinkMenuItem';
import { useSupportDetails } from '../support/use-support-details';
import { statusPageHref } from '../status-page-link';
import MenuItem from '@mui/material/MenuItem';
import { getBranding } from '../../branding';
import { askToShare } from '../../cobrowse/share-session';
import { shareWithGlance } from '../../cobrowse/glance';

/** The header's support menu (spec §2, §6): the support site, the knowledge base and the service status, for users with wiki Read. */
export function SupportMenu() {
  const { t } = useTranslation();
  const { user } = useShellLinks();
  const glanceGroupId = getBranding().glance_group_id;
  const { data: details } = useSupportDetails();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const links = { supportUrl: details?.SupportUrl, knowledgeBaseUrl: details?.KnowledgeBaseUrl };
  if (!showsSupportMenu(user.capabilities, links)) return null;
  const label = t('shell.support.menu');
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={Boolean(anchor)}
          aria-controls={anchor ? 'support-menu' : undefined}
          data-testid="support-menu-button"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <HelpOutlineIcon />
        </IconButton>
      </Tooltip>
      <Menu id="support-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {links.supportUrl && (
          <ShellLinkMenuItem target={{ kind: 'external', href: links.supportUrl }} newTab onClick={() => setAnchor(null)} testId="support-site">
            {t('shell.support.supportSite')}
          </ShellLinkMenuItem>
        )}
        {links.knowledgeBaseUrl && (
          <ShellLinkMenuItem target={{ kind: 'external', href: links.knowledgeBaseUrl }} newTab onClick={() => setAnchor(null)} testId="support-knowledge-base">
            {t('shell.support.knowledgeBase')}
          </ShellLinkMenuItem>
        )}
        {/* Co-browsing (issue 38): the user's own act, never while impersonating. */}
        {!user.isImpersonated && (
          <MenuItem
            data-testid="support-share-screen"
            onClick={() => {
              setAnchor(null);
              if (glanceGroupId) shareWithGlance(glanceGroupId);
              else askToShare();
            }}
          >
            {t('cobrowse.menuEntry')}
          </MenuItem>
        )}
        <ShellLinkMenuItem target={{ kind: 'external', href: statusPageHref() }} newTab onClick={() => setAnchor(null)} testId="support-status-page">
          {t('shell.support.statusPage')}
        </ShellLinkMenuItem>
      </Menu>
    </>
  );
}
