/**
 * How a small outlined MUI field looks, without the field: a value in a box of the same size, border and
 * type, for a part of a screen drawn before a person reaches it (a quote's line cards below the view on a
 * phone, renderers/grids/DefinedLines). A hundred MUI inputs cost a long task on a slow phone (issue 37);
 * this is plain markup: its styles come once from the container (`lightFieldsSx`), not per field. Not
 * focusable: the real field replaces it before it can be reached.
 */
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** How wide a small outlined MUI field without fullWidth is at most (its input's size of 20, measured in Chromium). */
const FIELD_WIDTH = 228;

/** A typography variant's font, as plain CSS properties. */
export const fontOf = (style: Theme['typography']['body1']) => ({
  fontFamily: style.fontFamily,
  fontSize: style.fontSize,
  fontWeight: style.fontWeight,
  lineHeight: style.lineHeight,
  letterSpacing: style.letterSpacing,
});

/** The styles of every LightField inside the element that carries them (one rule set for all of them). */
export const lightFieldsSx = (theme: Theme) => ({
  '& .LightField-root': {
    position: 'relative',
    boxSizing: 'border-box',
    width: '100%',
    maxWidth: FIELD_WIDTH,
    minHeight: 40,
    minWidth: 0,
    // MUI's small outlined input: 8.5 px by 14 px around the text, inside a 1 px outline.
    padding: '7.5px 13px',
    border: `1px solid ${theme.palette.mode === 'light' ? 'rgba(0, 0, 0, 0.23)' : 'rgba(255, 255, 255, 0.23)'}`,
    borderRadius: `${theme.shape.borderRadius}px`,
    ...fontOf(theme.typography.body1),
    lineHeight: '1.4375em',
    color: theme.palette.text.primary,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
  '& .LightField-fullWidth': { maxWidth: 'none' },
  '& .LightField-placeholder': { opacity: theme.palette.mode === 'light' ? 0.42 : 0.5 },
  '& .LightField-arrow': { position: 'absolute', right: 7, top: 'calc(50% - 12px)', width: 24, height: 24, fill: theme.palette.action.active },
});

export interface LightFieldProps {
  children: ReactNode;
  /** A select's or a lookup's arrow at the end (the text keeps clear of it). */
  arrow?: boolean;
  /** Room kept at the end for what the field has there (a lookup's clear button and arrow), in px. */
  endSpace?: number;
  /** As wide as its place; otherwise as wide as its place up to an MUI input's own width (its 20 characters). */
  fullWidth?: boolean;
  /** Shown as a field's placeholder (greyed). */
  placeholder?: boolean;
}

export function LightField({ children, arrow, endSpace, fullWidth, placeholder }: LightFieldProps) {
  const end = endSpace ?? (arrow ? 32 : undefined);
  return (
    <div className={fullWidth ? 'LightField-root LightField-fullWidth' : 'LightField-root'} style={end ? { paddingRight: end - 1 } : undefined}>
      {placeholder ? <span className="LightField-placeholder">{children}</span> : children}
      {arrow && (
        // MUI's ArrowDropDown.
        <svg className="LightField-arrow" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M7 10l5 5 5-5z" />
        </svg>
      )}
    </div>
  );
}
