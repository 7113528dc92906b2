import AppsIcon from '@mui/icons-material/Apps';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AccountTypeIcon } from './AccountTypeIcon';
import type { SearchOption } from './search-options';

export const SEARCH_LISTBOX_ID = 'global-search-listbox';

interface Props {
  loading: boolean;
  options: SearchOption[];
  serviceCount: number;
  activeIndex: number;
  onActivate: (option: SearchOption) => void;
  onHover: (index: number) => void;
}

/** The results under the search box: a listbox (combobox pattern) with an accounts and a services group. */
export function SearchResultsPanel({ loading, options, serviceCount, activeIndex, onActivate, onHover }: Props) {
  const { t } = useTranslation();
  const accounts = options.filter((option) => option.kind === 'account');
  const services = options.filter((option) => option.kind !== 'account');

  const row = (option: SearchOption) => {
    const index = options.indexOf(option);
    const active = index === activeIndex;
    const disabled = !option.target;
    return (
      <Box
        component="li"
        key={option.id}
        id={option.id}
        role="option"
        aria-selected={active}
        aria-disabled={disabled || undefined}
        data-testid={option.kind === 'allServices' ? 'search-all-services' : `search-${option.kind}`}
        data-terminated={option.terminated || undefined}
        // Keep the focus in the search box: the combobox drives the selection.
        onMouseDown={(event) => event.preventDefault()}
        // Moving the pointer picks a row; a panel that opens under a still pointer does not (as MUI's Autocomplete).
        onMouseMove={() => index !== activeIndex && onHover(index)}
        onClick={() => onActivate(option)}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          py: 1,
          cursor: disabled ? 'default' : 'pointer',
          bgcolor: active ? 'action.selected' : undefined,
          color: option.terminated ? 'text.disabled' : 'text.primary',
        }}
      >
        {option.kind === 'account' && <AccountTypeIcon type={option.accountType ?? ''} fontSize="small" color={option.terminated ? 'disabled' : 'action'} />}
        {option.kind === 'service' && <AppsIcon fontSize="small" color="action" />}
        {option.kind === 'allServices' && <ArrowForwardIcon fontSize="small" sx={{ color: 'primary.main' }} />}
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography variant="body2" noWrap sx={option.kind === 'allServices' ? { color: 'primary.main' } : undefined}>
            {option.kind === 'allServices' ? t('shell.search.allServices', { count: serviceCount }) : option.label}
          </Typography>
          {option.kind === 'account' && (
            <Typography variant="caption" noWrap component="div" color={option.terminated ? 'text.disabled' : 'text.secondary'}>
              {t(`shell.accountType.${option.accountType}`, { defaultValue: option.accountType })}
              {option.terminated ? ` · ${t('shell.search.terminated')}` : ''}
              {option.details ? ` · ${option.details}` : ''}
            </Typography>
          )}
        </Box>
      </Box>
    );
  };

  const heading = (id: string, text: string) => (
    <Typography id={id} component="div" variant="overline" color="text.secondary" sx={{ px: 2, pt: 1, display: 'block', lineHeight: 2 }}>
      {text}
    </Typography>
  );

  return (
    <Box data-testid="search-panel">
      {/* Screen readers hear the outcome; sighted users see the same text. */}
      <Box role="status" aria-live="polite" sx={{ px: 2, py: options.length || loading ? 0 : 1.5 }}>
        {loading && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1.5 }}>
            <CircularProgress size={16} />
            <Typography variant="body2">{t('shell.search.searching')}</Typography>
          </Box>
        )}
        {!loading && options.length === 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="search-nothing-found">
            {t('shell.search.nothingFound')}
          </Typography>
        )}
      </Box>
      {!loading && options.length > 0 && (
        <Box component="ul" role="listbox" id={SEARCH_LISTBOX_ID} aria-label={t('shell.search.results')} sx={{ listStyle: 'none', m: 0, p: 0, pb: 1 }}>
          {accounts.length > 0 && (
            <Box component="li" role="presentation">
              {heading('search-accounts-heading', t('shell.search.accounts'))}
              <Box component="ul" role="group" aria-labelledby="search-accounts-heading" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {accounts.map(row)}
              </Box>
            </Box>
          )}
          {services.length > 0 && (
            <Box component="li" role="presentation">
              {heading('search-services-heading', t('shell.search.services', { count: serviceCount }))}
              <Box component="ul" role="group" aria-labelledby="search-services-heading" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {services.map(row)}
              </Box>
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}
