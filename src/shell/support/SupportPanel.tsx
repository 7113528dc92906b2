import CloseIcon from '@mui/icons-material/Close';
import EmailIcon from '@mui/icons-material/EmailOutlined';
import PhoneIcon from '@mui/icons-material/PhoneOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contactSections, type SupportDetails } from './support-details';

/** Spec §9: the support panel's width. */
export const SUPPORT_PANEL_WIDTH = 380;

function ContactLine({ icon, href, children }: { icon: ReactNode; href: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {icon}
      <Link href={href} underline="hover" sx={{ wordBreak: 'break-all' }}>
        {children}
      </Link>
    </Stack>
  );
}

/** The right-hand panel with whom to call or write (spec §2 footer, §3 Support details). */
export function SupportPanel({ open, onClose, details, title }: { open: boolean; onClose: () => void; details: SupportDetails; title: string }) {
  const { t } = useTranslation();
  const sections = contactSections(details);
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: SUPPORT_PANEL_WIDTH, maxWidth: '100%' }, 'aria-labelledby': 'support-panel-title' } }}
      data-testid="support-panel"
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5 }}>
        <Typography id="support-panel-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <IconButton aria-label={t('common.close')} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      <Stack spacing={3} sx={{ p: 2 }}>
        {sections.map((section) => (
          <Box key={section.id} data-testid={`support-section-${section.id}`}>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              {t(`shell.support.sections.${section.id}`)}
            </Typography>
            <Stack spacing={0.75}>
              {section.phone && (
                <ContactLine icon={<PhoneIcon fontSize="small" color="action" />} href={`tel:${section.phone.replace(/[^\d+]/g, '')}`}>
                  {section.phone}
                </ContactLine>
              )}
              {section.email && (
                <ContactLine icon={<EmailIcon fontSize="small" color="action" />} href={`mailto:${section.email}`}>
                  {section.email}
                </ContactLine>
              )}
              {section.hours.map((line) => (
                <Typography key={`${line.days}-${line.hours}`} variant="body2" color="text.secondary">
                  {[line.days, line.hours].filter(Boolean).join(', ')}
                </Typography>
              ))}
            </Stack>
          </Box>
        ))}
        {(details.SupportUrl || details.KnowledgeBaseUrl) && (
          <Stack spacing={0.75}>
            {details.SupportUrl && (
              <Link href={details.SupportUrl} target="_blank" rel="noopener noreferrer" underline="hover">
                {t('shell.support.supportSite')}
              </Link>
            )}
            {details.KnowledgeBaseUrl && (
              <Link href={details.KnowledgeBaseUrl} target="_blank" rel="noopener noreferrer" underline="hover">
                {t('shell.support.knowledgeBase')}
              </Link>
            )}
          </Stack>
        )}
      </Stack>
    </Drawer>
  );
}
