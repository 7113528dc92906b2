import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showsSupportContacts } from '../menus/shell-menus';
import { useShellLinks } from '../menus/use-shell-links';
import { contactLinkKind } from '../support/support-details';
import { SupportPanel } from '../support/SupportPanel';
import { useSupportDetails } from '../support/use-support-details';
import { NewMenu } from './NewMenu';

/** New button, contact link with its panel, imprint and support contacts (spec §2 Footer). */
export function ShellFooter() {
  const { t } = useTranslation();
  const { user } = useShellLinks();
  const { data: details } = useSupportDetails();
  const [panelOpen, setPanelOpen] = useState(false);
  const contacts = showsSupportContacts(user.capabilities) ? details : undefined;
  const linkKind = contacts ? contactLinkKind(contacts) : undefined;
  const contactTitle = linkKind === 'custom' ? (contacts?.SupportButtonText ?? '') : t(`shell.support.contact.${linkKind ?? 'support'}`);

  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', px: { xs: 2, md: 3 }, py: 1.25 }}
      data-testid="shell-footer"
    >
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2.5, rowGap: 1 }}>
        <NewMenu />
        {contacts && linkKind && (
          <Link component="button" type="button" variant="body2" underline="hover" onClick={() => setPanelOpen(true)} data-testid="contact-support">
            {contactTitle}
          </Link>
        )}
        {details?.Imprint && (
          <Link href={details.Imprint} target="_blank" rel="noopener noreferrer" variant="body2" underline="hover" data-testid="imprint-link">
            {t('shell.footer.imprint')}
          </Link>
        )}
        {contacts && (contacts.SupportPhoneNumber || contacts.SupportTechnicalEmail) && (
          <Typography variant="body2" color="text.secondary" sx={{ ml: { md: 'auto' } }} data-testid="support-contacts">
            {t('shell.footer.supportContacts')}{' '}
            {contacts.SupportPhoneNumber && (
              <Link href={`tel:${contacts.SupportPhoneNumber.replace(/[^\d+]/g, '')}`} underline="hover" color="inherit">
                {contacts.SupportPhoneNumber}
              </Link>
            )}
            {contacts.SupportPhoneNumber && contacts.SupportTechnicalEmail && ' · '}
            {contacts.SupportTechnicalEmail && (
              <Link href={`mailto:${contacts.SupportTechnicalEmail}`} underline="hover" color="inherit">
                {contacts.SupportTechnicalEmail}
              </Link>
            )}
          </Typography>
        )}
      </Stack>
      {contacts && <SupportPanel open={panelOpen} onClose={() => setPanelOpen(false)} details={contacts} title={contactTitle} />}
    </Box>
  );
}
