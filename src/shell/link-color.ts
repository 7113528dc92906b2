import type { Theme } from '@mui/material/styles';

/**
 * Text links in the shell: the theme's primary colour, which on the dark theme
 * is already a tone of the brand colour readable on the dark background (WCAG
 * 4.5:1, create-app-theme.ts readableOn).
 */
export const linkColor = (theme: Theme) => theme.palette.primary.main;
