import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import { alpha } from '@mui/material/styles';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ShellLinkTarget } from '../links';
import { maySearchServices } from '../menus/shell-menus';
import { useShellLinks } from '../menus/use-shell-links';
import { searchOptions, type SearchOption } from './search-options';
import { SEARCH_LISTBOX_ID, SearchResultsPanel } from './SearchResultsPanel';
import { useGlobalSearch } from './use-global-search';

/**
 * The header's search box (spec §2, §4): accounts and services as you type,
 * arrow keys and Enter to pick, Escape to clear and close. `compact` (phones)
 * shows a button that opens the box over the whole header.
 */
export function GlobalSearch({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, resolve } = useShellLinks();
  const search = useGlobalSearch(maySearchServices(user.capabilities));
  const [expanded, setExpanded] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const anchorRef = useRef<HTMLDivElement>(null);

  const { state } = search;
  const options = useMemo(() => (state.status === 'done' ? searchOptions(state.text, state.result, resolve) : []), [state, resolve]);
  const open = state.status !== 'idle' && !dismissed;

  const close = () => {
    search.clear();
    setActiveIndex(-1);
    if (compact) setExpanded(false);
  };

  const go = (target: ShellLinkTarget) => {
    close();
    if (target.kind === 'route') navigate(target.to);
    else window.location.assign(target.href);
  };

  const activate = (option: SearchOption) => {
    if (option.target) go(option.target);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setDismissed(false);
      if (!options.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (index + step + options.length + (index < 0 && step < 0 ? 1 : 0)) % options.length);
    } else if (event.key === 'Enter' && activeIndex >= 0 && options[activeIndex]) {
      event.preventDefault();
      activate(options[activeIndex]);
    } else if (event.key === 'Enter' && search.text.trim()) {
      // Enter without a chosen hit: the full results page.
      event.preventDefault();
      go({ kind: 'route', to: `/search/${encodeURIComponent(search.text.trim())}` });
    }
  };

  if (compact && !expanded) {
    return (
      <IconButton color="inherit" aria-label={t('shell.search.open')} data-testid="search-open" onClick={() => setExpanded(true)}>
        <SearchIcon />
      </IconButton>
    );
  }

  return (
    <ClickAwayListener onClickAway={() => setDismissed(true)}>
      <Box
        ref={anchorRef}
        sx={
          compact
            ? { position: 'absolute', inset: 0, zIndex: 1, display: 'flex', alignItems: 'center', gap: 1, px: 1, bgcolor: 'brand.main' }
            : { position: 'relative', flexGrow: 1, maxWidth: 520, mx: 2 }
        }
      >
        <Box
          sx={(theme) => ({
            position: 'relative',
            flexGrow: 1,
            display: 'flex',
            alignItems: 'center',
            borderRadius: 1,
            bgcolor: alpha(theme.palette.common.white, 0.15),
            '&:hover, &:focus-within': { bgcolor: alpha(theme.palette.common.white, 0.25) },
            // A lighter box alone is too faint a sign of focus: the header's 2 px ring around the box.
            '&:focus-within': { outline: `2px solid ${theme.palette.brand.contrastText}`, outlineOffset: 2 },
          })}
        >
          <SearchIcon sx={{ mx: 1, opacity: 0.9 }} aria-hidden />
          <InputBase
            value={search.text}
            autoFocus={compact}
            placeholder={t('shell.search.placeholder')}
            onChange={(event) => {
              setDismissed(false);
              setActiveIndex(-1);
              search.change(event.target.value);
            }}
            onFocus={() => setDismissed(false)}
            onKeyDown={onKeyDown}
            sx={{ color: 'inherit', flexGrow: 1, '& input::placeholder': { color: 'inherit', opacity: 0.85 } }}
            inputProps={{
              role: 'combobox',
              'aria-label': t('shell.search.label'),
              'aria-expanded': open,
              'aria-controls': SEARCH_LISTBOX_ID,
              'aria-autocomplete': 'list',
              'aria-activedescendant': open && activeIndex >= 0 ? options[activeIndex]?.id : undefined,
              'data-testid': 'global-search',
              enterKeyHint: 'search',
            }}
          />
          {!compact && search.text && (
            <IconButton size="small" color="inherit" aria-label={t('shell.search.clear')} onClick={close} data-testid="search-clear" sx={{ mr: 0.5 }}>
              <CloseIcon fontSize="small" />
            </IconButton>
          )}
        </Box>
        {compact && (
          <IconButton color="inherit" aria-label={t('shell.search.close')} onClick={close} data-testid="search-close">
            <CloseIcon />
          </IconButton>
        )}
        <Popper
          open={open}
          anchorEl={anchorRef.current}
          placement="bottom-start"
          disablePortal
          // Not a tooltip (Popper's default role): the listbox inside carries the semantics.
          role="presentation"
          style={{ width: anchorRef.current ? Math.max(anchorRef.current.clientWidth, 320) : undefined, zIndex: 1300 }}
        >
          <Paper elevation={8} sx={{ mt: 0.5, maxHeight: '70vh', overflowY: 'auto' }}>
            <SearchResultsPanel
              loading={state.status === 'loading'}
              options={options}
              serviceCount={state.status === 'done' ? state.result.serviceCount : 0}
              activeIndex={activeIndex}
              onActivate={activate}
              onHover={setActiveIndex}
            />
          </Paper>
        </Popper>
      </Box>
    </ClickAwayListener>
  );
}
