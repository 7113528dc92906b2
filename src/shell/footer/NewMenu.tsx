import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newMenuFor } from '../menus/shell-menus';
import { useShellLinks } from '../menus/use-shell-links';
import { ShellLinkMenuItem } from '../ShellLinkMenuItem';

/** The footer's New button (spec §2, §6): what the user may create; disabled when nothing. */
export function NewMenu() {
  const { t } = useTranslation();
  const { user, resolve } = useShellLinks();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const links = newMenuFor(user, resolve);
  return (
    <>
      <Button
        variant="contained"
        size="small"
        startIcon={<AddIcon />}
        disabled={links.length === 0}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? 'new-menu' : undefined}
        data-testid="new-menu-button"
      >
        {t('shell.new.button')}
      </Button>
      <Menu id="new-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {links.map((link) => (
          <ShellLinkMenuItem key={link.id} target={link.target} onClick={() => setAnchor(null)} testId={`new-${link.id}`}>
            {t(`shell.new.${link.id}`)}
          </ShellLinkMenuItem>
        ))}
      </Menu>
    </>
  );
}
