/**
 * How a small outlined MUI field looks, without the field: a value in a box of the same size, border and
 * type, for a part of a screen drawn before a person reaches it (a quote's line cards below the view on a
 * phone, renderers/grids/DefinedLines). A hundred MUI inputs cost a long task on a slow phone (issue 37);
 * this is a few elements of plain markup. Not focusable: the real field replaces it before it can be reached.
 */
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

const FIELD_SX = {
  position: 'relative',
  boxSizing: 'border-box',
  minHeight: 40,
  minWidth: 0,
  // MUI's small outlined input: 8.5 px by 14 px around the text, inside a 1 px outline.
  p: '7.5px 13px',
  border: 1,
  borderColor: (theme: Theme) => (theme.palette.mode === 'light' ? 'rgba(0, 0, 0, 0.23)' : 'rgba(255, 255, 255, 0.23)'),
  borderRadius: 1,
  typography: 'body1',
  lineHeight: '1.4375em',
  color: 'text.primary',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
} as const;

/** MUI's ArrowDropDown, as a plain SVG (a select's or a lookup's arrow). */
const ARROW = (
  <Box component="svg" viewBox="0 0 24 24" aria-hidden sx={{ position: 'absolute', right: 7, top: 'calc(50% - 12px)', width: 24, height: 24, fill: 'currentColor', color: 'action.active' }}>
    <path d="M7 10l5 5 5-5z" />
  </Box>
);

export interface LightFieldProps {
  children: ReactNode;
  /** A select's or a lookup's arrow at the end (the text keeps clear of it). */
  arrow?: boolean;
  /** Extra room kept at the end (a lookup's clear button and arrow). */
  endSpace?: number;
  /** As wide as its place; otherwise as wide as its place up to an MUI input's own width (its 20 characters). */
  fullWidth?: boolean;
}

/** How wide a small outlined MUI field without fullWidth is at most (its input's size of 20, measured in Chromium). */
const FIELD_WIDTH = 228;

export function LightField({ children, arrow, endSpace, fullWidth }: LightFieldProps) {
  return (
    <Box sx={{ ...FIELD_SX, ...(arrow || endSpace ? { pr: `${(endSpace ?? 32) - 1}px` } : {}), width: '100%', ...(fullWidth ? {} : { maxWidth: FIELD_WIDTH }) }}>
      {children}
      {arrow && ARROW}
    </Box>
  );
}
