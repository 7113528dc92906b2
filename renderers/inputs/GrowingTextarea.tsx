import { forwardRef, type TextareaHTMLAttributes } from 'react';

/**
 * A text area for an MUI input (`slotProps.input.inputComponent`) that grows with its text by CSS
 * (`field-sizing: content`). MUI's own multiline field measures its layout in an effect on every render: on
 * a quote of twenty lines that cost two seconds of one task on a slow phone (issue 37).
 */
export const GrowingTextarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & { type?: string }>(
  function GrowingTextarea({ type: _type, ...props }, ref) {
    return <textarea {...props} rows={props.rows ?? 1} ref={ref} />;
  },
);

/**
 * The styles the field needs (on the TextField's root): at least `minLines`, at most `maxLines` (then it
 * scrolls); where the browser lacks field-sizing, a fixed height of `fallbackLines`.
 */
export function growingTextareaSx(minLines: number, maxLines?: number, fallbackLines = Math.max(minLines, 3)) {
  return {
    '& textarea': { fieldSizing: 'content', height: 'auto', minHeight: `${minLines}lh`, maxHeight: maxLines ? `${maxLines}lh` : 'none', overflowY: 'auto', resize: 'none' },
    '@supports not (field-sizing: content)': { '& textarea': { height: `${fallbackLines}lh` } },
  } as const;
}
