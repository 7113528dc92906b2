/**
 * <DefinedCards>: a screen definition with view "cards" (explore): a search
 * box (debounced), sort choices, facets with counts from the metadata method
 * (each counted with the other facets applied, as the server does), and one
 * page of cards at a time (offset paging) with page buttons. Each card shows
 * the definition's title, subtitle, description, chips and links.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Capability } from '../../contract/capabilities';
import {
  applyBindings,
  DEFAULT_CARDS_PAGE_SIZE,
  facetsActive,
  fillRoute,
  initialSearchText,
  kindLabel,
  linkTarget,
  meetsAccess,
  offsetPageBody,
  offsetPaging,
  readOffsetPage,
  resolveText,
  withFacets,
  type CardsDefinition,
  type FacetChoices,
  type ScreenContext,
  type ScreenDefinition,
  type Translate,
} from '../../engine/grids';
import { imageOf, ServiceImage } from './cells/ServiceImage';
import { FacetPanel } from './FacetPanel';
import { errorText, isCanceled, type GridServiceCaller } from './grid-service';
import { pageFormatting } from '../../contract/formatting';

type Row = Record<string, unknown>;

/** Spec §9: the search waits 300 ms after the last key. */
const SEARCH_DELAY_MS = 300;

export interface DefinedCardsProps {
  definition: ScreenDefinition;
  context?: ScreenContext;
  capabilities: readonly Capability[];
  callService: GridServiceCaller;
  showTitle?: boolean;
}

function CardView({ idPrefix, cards, row, capabilities, translate, locale }: { idPrefix: string; cards: CardsDefinition; row: Row; capabilities: readonly Capability[]; translate: Translate; locale: string }) {
  const title = String(row[cards.titleField] ?? '');
  const to = cards.link ? linkTarget({ type: 'link', link: cards.link }, row) : undefined;
  const subtitle = (cards.subtitle ?? [])
    .map(({ field, valueKind }) => {
      const value = row[field];
      if (value === null || value === undefined || value === '') return '';
      return valueKind ? kindLabel(valueKind, String(value), translate) : String(value);
    })
    .filter(Boolean)
    .join(' · ');
  const description = cards.descriptionField ? row[cards.descriptionField] : undefined;
  const chips = cards.chipsField && Array.isArray(row[cards.chipsField]) ? (row[cards.chipsField] as unknown[]).map(String).filter((chip) => !(cards.hiddenChips ?? []).includes(chip)) : [];
  const links = (cards.links ?? []).filter((link) => !link.requires || meetsAccess(capabilities, link.requires));
  return (
    <Card variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }} data-testid={`${idPrefix}-card`}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          {cards.imageField && <ServiceImage icon={imageOf(row[cards.imageField])} name={title} />}
          <Box sx={{ minWidth: 0 }}>
            <Typography
              variant="subtitle1"
              component={to ? RouterLink : 'span'}
              to={to}
              sx={{ fontWeight: 600, color: 'text.primary', textDecoration: 'none', '&:hover': { textDecoration: to ? 'underline' : undefined }, display: 'block', lineHeight: 1.3 }}
              data-testid={`${idPrefix}-card-title`}
            >
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary">
                {subtitle}
              </Typography>
            )}
          </Box>
        </Stack>
        {typeof description === 'string' && description && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {description}
          </Typography>
        )}
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {cards.flag && row[cards.flag.field] === true && <Chip size="small" color="secondary" label={resolveText(cards.flag.label, translate, locale)} />}
          {chips.map((chip) => (
            <Chip key={chip} size="small" variant="outlined" label={chip} />
          ))}
        </Stack>
      </CardContent>
      {links.length > 0 && (
        <CardActions sx={{ justifyContent: 'flex-end' }}>
          {links.map((link) => (
            <Button key={link.id} size="small" variant={link.emphasis ? 'outlined' : 'text'} component={RouterLink} to={fillRoute(link.to, row)} data-testid={`${idPrefix}-link-${link.id}`}>
              {resolveText(link.label, translate, locale)}
            </Button>
          ))}
        </CardActions>
      )}
    </Card>
  );
}

export function DefinedCards({ definition, context = {}, capabilities, callService, showTitle = true }: DefinedCardsProps) {
  const { t, i18n } = useTranslation();
  const locale = pageFormatting(i18n.resolvedLanguage ?? i18n.language).locale;
  const translate: Translate = useCallback((key, values) => String(t(key, values)), [t]);
  const text = (ref: Parameters<typeof resolveText>[0], values?: Record<string, string | number>) => resolveText(ref, translate, locale, values);
  const id = definition.id;
  const source = definition.dataSource;
  const cards = definition.cards;
  const search = definition.search;
  const sortChoices = definition.sortChoices;
  const pageSize = offsetPaging(source).pageSize ?? DEFAULT_CARDS_PAGE_SIZE;

  const initialText = initialSearchText(search, context);
  const [input, setInput] = useState(initialText);
  const [searchText, setSearchText] = useState(initialText.trim());
  const [choices, setChoices] = useState<FacetChoices>({});
  const [sortId, setSortId] = useState(sortChoices?.options[0].id);
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<{ rows: Row[]; total: number } | undefined>();
  const [metadata, setMetadata] = useState<unknown>();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | undefined>();

  // A new search text from the route (the shell's "show all services") replaces the typed one.
  useEffect(() => {
    setInput(initialText);
    setSearchText(initialText.trim());
  }, [initialText]);
  useEffect(() => {
    const timer = setTimeout(() => setSearchText(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const narrowing = JSON.stringify([searchText, choices, sortId]);
  useEffect(() => setPage(1), [narrowing]);

  const contextKey = JSON.stringify(context);
  useEffect(() => {
    if (!source.metadata) return;
    const controller = new AbortController();
    const base = applyBindings({}, source.metadata.params, context);
    const body = withFacets(base, definition.facets, choices, search && search.alsoMetadata !== false ? { definition: search, text: searchText } : undefined);
    callService(source.metadata.service, source.metadata.method, body, { signal: controller.signal }).then(
      (answer) => !controller.signal.aborted && setMetadata(answer),
      (failure: unknown) => !isCanceled(failure) && setError(errorText(failure, t('grids.metadataFailed'))),
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the context's content, not the object
  }, [definition, contextKey, choices, searchText, callService, t]);

  useEffect(() => {
    const controller = new AbortController();
    const body = withFacets(offsetPageBody(source, context, page, sortChoices, sortId), definition.facets, choices, search ? { definition: search, text: searchText } : undefined);
    setLoading(true);
    callService(source.service, source.method, body, { signal: controller.signal })
      .then(
        (answer) => {
          if (controller.signal.aborted) return;
          setResult(readOffsetPage(source, answer));
          setError(undefined);
        },
        (failure: unknown) => !isCanceled(failure) && setError(errorText(failure, t('grids.loadFailed'))),
      )
      .finally(() => !controller.signal.aborted && setLoading(false));
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the context's content, not the object
  }, [definition, contextKey, page, sortId, choices, searchText, callService, t]);

  const total = result?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const active = facetsActive(choices, searchText);
  const title = useMemo(() => resolveText(definition.title, translate, locale), [definition, translate, locale]);
  if (!cards) return <Alert severity="error">{t('grids.definitionInvalid', { name: id })}</Alert>;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }} data-testid={`defined-cards-${id}`}>
      {showTitle && (
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        {(definition.facets ?? []).length > 0 && (
          <FacetPanel
            idPrefix={id}
            facets={definition.facets ?? []}
            choices={choices}
            metadata={metadata}
            translate={translate}
            locale={locale}
            onChange={setChoices}
            onClear={
              active
                ? () => {
                    setInput('');
                    setSearchText('');
                    setChoices({});
                  }
                : undefined
            }
          />
        )}
        <Box sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
            {search && (
              <TextField
                size="small"
                type="search"
                label={text(search.label)}
                value={input}
                onChange={(event) => setInput(event.target.value)}
                onKeyDown={(event) => event.key === 'Escape' && setInput('')}
                sx={{ flexGrow: 1 }}
                slotProps={{ htmlInput: { 'data-testid': `${id}-search` } }}
              />
            )}
            {sortChoices && (
              <TextField select size="small" label={text(sortChoices.label)} value={sortId} onChange={(event) => setSortId(event.target.value)} sx={{ minWidth: 180 }} data-testid={`${id}-sort`}>
                {sortChoices.options.map((option) => (
                  <MenuItem key={option.id} value={option.id}>
                    {text(option.label)}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }} data-testid={`${id}-count`}>
              {text(cards.countLabel, { count: total })}
            </Typography>
          </Stack>
          {loading && <LinearProgress sx={{ mb: 1 }} />}
          {error && <Alert severity="error" sx={{ mb: 1 }}>{error}</Alert>}
          {result && result.rows.length === 0 && <Alert severity="info">{text(cards.empty)}</Alert>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)', xl: 'repeat(4, 1fr)' } }}>
            {(result?.rows ?? []).map((row) => (
              <CardView key={String(row[source.rowId])} idPrefix={id} cards={cards} row={row} capabilities={capabilities} translate={translate} locale={locale} />
            ))}
          </Box>
          {pages > 1 && (
            <Stack sx={{ alignItems: 'center', mt: 2 }}>
              <Pagination count={pages} page={page} onChange={(_event, value) => setPage(value)} color="primary" data-testid={`${id}-pages`} />
            </Stack>
          )}
        </Box>
      </Stack>
    </Box>
  );
}
