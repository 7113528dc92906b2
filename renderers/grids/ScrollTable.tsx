import { alpha, type Theme } from '@mui/material/styles';
import TableContainer, { type TableContainerProps } from '@mui/material/TableContainer';
import { useLayoutEffect, useRef, useState } from 'react';

/** Whether the box's content is larger than the box, kept up to date as either changes size. */
function useOverflows() {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setOverflows(box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { ref, overflows };
}

/**
 * Scroll shadows (pure CSS): a shade at an edge while columns lie beyond it. The page-coloured covers scroll with the
 * content ('local') and hide the shades ('scroll') once the edge is reached, so a phone shows there is more to the right.
 */
const edgeShadows = ({ palette }: Theme) => {
  const page = palette.background.paper;
  const shade = alpha(palette.common.black, palette.mode === 'dark' ? 0.5 : 0.18);
  return {
    backgroundColor: page,
    backgroundImage: [
      `linear-gradient(to right, ${page} 30%, ${alpha(page, 0)})`,
      `linear-gradient(to left, ${page} 30%, ${alpha(page, 0)})`,
      `radial-gradient(farthest-side at 0 50%, ${shade}, transparent)`,
      `radial-gradient(farthest-side at 100% 50%, ${shade}, transparent)`,
    ].join(', '),
    backgroundPosition: 'left center, right center, left center, right center',
    backgroundRepeat: 'no-repeat',
    backgroundSize: '40px 100%, 40px 100%, 14px 100%, 14px 100%',
    backgroundAttachment: 'local, local, scroll, scroll',
  };
};

/**
 * A table's scrolling box (MUI's TableContainer) that a keyboard can scroll: while its table is wider or taller than
 * the box (a phone, a long preview), it is a named region in the tab order (WCAG 2.1.1; axe: scrollable-region-focusable).
 * While everything fits it is a plain box, so no focus stop without a purpose is added.
 */
export function ScrollTable({ label, sx, ...props }: TableContainerProps & { label: string }) {
  const { ref, overflows } = useOverflows();
  return (
    <TableContainer
      ref={ref}
      sx={[edgeShadows, ...(Array.isArray(sx) ? sx : [sx])]}
      {...props}
      {...(overflows ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    />
  );
}
