import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/** The grid's horizontally scrolling body: `.ag-grid-viewport` since AG Grid 36, `.ag-center-cols-viewport` before (its scrollbar follows). */
const SCROLLERS = '.ag-grid-viewport, .ag-center-cols-viewport';

function hiddenToTheRight(region: HTMLElement): boolean {
  return Array.from(region.querySelectorAll<HTMLElement>(SCROLLERS)).some((element) => element.scrollWidth - element.clientWidth - element.scrollLeft > 8);
}

/**
 * Issue 24: on a narrow screen a grid showed its first column only, with no sign of the others. While columns
 * are hidden to the right, a faded edge and a "More columns" button over the header say so; the button scrolls.
 */
export function MoreColumnsHint({ regionRef }: { regionRef: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  const [more, setMore] = useState(false);
  useEffect(() => {
    const region = regionRef.current;
    if (!region) return;
    // Once a frame at most: AG Grid draws in steps, and a measure after each forced a layout between them
    // (100 ms of a slow phone's grid opening, issue 37); in a frame the layout is due anyway.
    let frame = 0;
    const update = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        setMore(hiddenToTheRight(region));
      });
    };
    const resize = new ResizeObserver(update);
    resize.observe(region);
    // Columns appear, resize and hide without the region changing size: the DOM says when.
    const mutations = new MutationObserver(update);
    mutations.observe(region, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
    region.addEventListener('scroll', update, { capture: true, passive: true });
    update();
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      mutations.disconnect();
      region.removeEventListener('scroll', update, { capture: true });
    };
  }, [regionRef]);
  if (!more) return null;
  const scroll = () => {
    const body = regionRef.current?.querySelector<HTMLElement>(SCROLLERS);
    body?.scrollBy({ left: body.clientWidth * 0.8, behavior: 'smooth' });
  };
  return (
    <Box
      sx={{ position: 'absolute', top: 1, right: 1, bottom: 1, width: 56, zIndex: 5, pointerEvents: 'none', display: 'flex', alignItems: 'flex-start', justifyContent: 'flex-end' }}
      style={{ background: 'linear-gradient(to right, transparent, var(--ag-background-color, #fff))' }}
      data-testid="grid-more-columns"
    >
      <Button size="small" variant="contained" onClick={scroll} aria-label={t('grids.moreColumns')} title={t('grids.moreColumns')} sx={{ pointerEvents: 'auto', minWidth: 0, px: 0.5, m: 1 }}>
        <ArrowForwardIcon fontSize="small" />
      </Button>
    </Box>
  );
}
