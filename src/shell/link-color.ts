import { lighten, type Theme } from '@mui/material/styles';

/**
 * Text links in the shell: the branding's primary colour, lightened on the
 * dark theme, where a deep brand colour (the default purple) would be
 * unreadable on the dark background (WCAG contrast 4.5:1).
 */
export const linkColor = (theme: Theme) => (theme.palette.mode === 'dark' ? lighten(theme.palette.primary.main, 0.6) : theme.palette.primary.main);
