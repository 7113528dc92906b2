import GavelIcon from '@mui/icons-material/Gavel';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShellLinks } from '../menus/use-shell-links';
import { TermsDialog } from '../terms/TermsDialog';
import { useTerms } from '../terms/use-terms';

/** The header's terms and privacy menu: one entry per document, each opening the dialog at it. */
export function TermsMenu() {
  const { t } = useTranslation();
  const { user } = useShellLinks();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [openedOnce, setOpenedOnce] = useState(false);
  const [dialogId, setDialogId] = useState<number | null>(null);
  const { data: terms, isError, isLoading } = useTerms(openedOnce);
  const label = t('shell.terms.menu');

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={Boolean(anchor)}
          aria-controls={anchor ? 'terms-menu' : undefined}
          data-testid="terms-menu-button"
          onClick={(event) => {
            setOpenedOnce(true);
            setAnchor(event.currentTarget);
          }}
        >
          <GavelIcon />
        </IconButton>
      </Tooltip>
      <Menu id="terms-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {isLoading && <MenuItem disabled>{t('common.loading')}</MenuItem>}
        {(isError || terms?.length === 0) && <MenuItem disabled>{t('shell.terms.unavailable')}</MenuItem>}
        {terms?.map((document) => (
          <MenuItem
            key={document.Id}
            data-testid={document.IsPrivacyPolicy ? 'terms-menu-privacy' : 'terms-menu-terms'}
            onClick={() => {
              setAnchor(null);
              setDialogId(document.Id);
            }}
          >
            <ListItemText primary={document.Name} secondary={document.AcceptedAt ? t('shell.terms.accepted') : t('shell.terms.notAcceptedShort')} />
          </MenuItem>
        ))}
      </Menu>
      {terms && dialogId !== null && (
        <TermsDialog
          terms={terms}
          initialId={dialogId}
          userAccountId={user.userAccountId}
          isImpersonated={user.isImpersonated}
          onClose={() => setDialogId(null)}
        />
      )}
    </>
  );
}
