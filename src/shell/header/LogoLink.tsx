import StorefrontIcon from '@mui/icons-material/Storefront';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { getBranding } from '../../branding';
import { useShellLinks } from '../menus/use-shell-links';

/** The marketplace's logo and title, linking to the dashboard (spec §2 Logo). */
export function LogoLink({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { resolve } = useShellLinks();
  const branding = getBranding();
  const target = resolve('dashboard');
  const content = (
    <>
      {branding.logo ? (
        <Box component="img" src={branding.logo} alt="" sx={{ height: 32, maxWidth: 120, objectFit: 'contain' }} />
      ) : (
        <StorefrontIcon aria-hidden />
      )}
      {!compact && (
        <Typography variant="h6" component="span" noWrap sx={{ fontSize: '1.1rem' }}>
          {branding.title}
        </Typography>
      )}
    </>
  );
  const sx = { display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', minWidth: 0, flexShrink: 0, borderRadius: 1 } as const;
  const label = t('shell.header.home', { title: branding.title });
  if (!target) return <Box sx={sx}>{content}</Box>;
  return target.kind === 'route' ? (
    <Box component={RouterLink} to={target.to} aria-label={label} sx={sx} data-testid="shell-logo">
      {content}
    </Box>
  ) : (
    <Box component="a" href={target.href} aria-label={label} sx={sx} data-testid="shell-logo">
      {content}
    </Box>
  );
}
