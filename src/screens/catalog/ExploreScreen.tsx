import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { satisfiesCheck } from '../../../engine/shared';
import { callService } from '../../api';
import { useCurrentUser } from '../../session/current-user';
import { ServiceImage } from './ServiceImage';
import { useValueText } from '../../i18n/use-value-text';

/** Spec §9: Explore opens on page 1 with 20 services; search input is debounced 300 ms. */
const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;
const TAGS_SHOWN = 15;

const SORTS = {
  ranking: { Key: 'Ranking', Value: 'ASC' },
  name: { Key: 'DisplayName', Value: 'ASC' },
  recent: { Key: 'ModifyDate', Value: 'DESC' },
} as const;
type SortId = keyof typeof SORTS;

/** The search text the shell's "show all services" link carries (base64 of UTF-8, as the legacy route). */
function decodeSearchText(encoded: string | undefined): string {
  if (!encoded) return '';
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(decodeURIComponent(encoded)), (char) => char.charCodeAt(0)));
  } catch {
    return '';
  }
}

const toggle = <T,>(list: readonly T[], value: T) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);

function FacetList<T extends string | number>({ title, items, chosen, onToggle, testId }: {
  title: string;
  items: { value: T; label: string; count: number }[];
  chosen: readonly T[];
  onToggle: (value: T) => void;
  testId: string;
}) {
  if (items.length === 0) return null;
  return (
    <Box data-testid={testId}>
      <Typography variant="overline" color="text.secondary">
        {title}
      </Typography>
      <Stack>
        {items.map((item) => (
          <FormControlLabel
            key={String(item.value)}
            sx={{ mr: 0, '& .MuiFormControlLabel-label': { flexGrow: 1, display: 'flex', justifyContent: 'space-between', gap: 1, fontSize: 14 } }}
            control={<Checkbox size="small" checked={chosen.includes(item.value)} onChange={() => onToggle(item.value)} sx={{ py: 0.25 }} />}
            label={
              <>
                <span>{item.label}</span>
                <Typography component="span" variant="body2" color="text.secondary">
                  {item.count}
                </Typography>
              </>
            }
          />
        ))}
      </Stack>
    </Box>
  );
}

/**
 * Explore (`/explore`, Marketplace Read): the services the caller's organisation
 * sees, filtered by the spec §3 search filter with facet counts
 * (Marketplace/GetSearchServicesMetadata), paged on the server (the extension
 * Marketplace/ExploreServices); each opens its detail page and, with
 * PRODUCT_ACCOUNT Create, can be ordered.
 */
export default function ExploreScreen() {
  const { t } = useTranslation();
  const valueText = useValueText();
  const { searchText } = useParams();
  const capabilities = useCurrentUser().data?.Capability ?? [];
  const mayOrder = satisfiesCheck(capabilities, { ObjectType: 'PRODUCT_ACCOUNT', Create: true });
  const [input, setInput] = useState(() => decodeSearchText(searchText));
  const [text, setText] = useState(input.trim());
  const [owners, setOwners] = useState<number[]>([]);
  const [categories, setCategories] = useState<string[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  const [newOnly, setNewOnly] = useState(false);
  const [sort, setSort] = useState<SortId>('ranking');
  const [page, setPage] = useState(1);

  useEffect(() => {
    const initial = decodeSearchText(searchText);
    setInput(initial);
    setText(initial.trim());
  }, [searchText]);
  useEffect(() => {
    const timer = setTimeout(() => setText(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);

  const options = useMemo(
    () => ({
      Source: { Type: 'Root' },
      ...(text ? { DisplayName: text } : {}),
      ...(owners.length ? { OwnerAccountIds: owners } : {}),
      ...(categories.length ? { ServiceCategories: categories } : {}),
      ...(tags.length ? { ServiceTags: tags } : {}),
      ...(newOnly ? { ShowNewOnly: true } : {}),
    }),
    [text, owners, categories, tags, newOnly],
  );
  useEffect(() => setPage(1), [options, sort]);

  const facets = useQuery({
    queryKey: ['explore-facets', options],
    queryFn: ({ signal }) => callService('Marketplace', 'GetSearchServicesMetadata', { options }, { signal }),
    placeholderData: keepPreviousData,
  });
  const services = useQuery({
    queryKey: ['explore-services', options, sort, page],
    queryFn: ({ signal }) =>
      callService('Marketplace', 'ExploreServices', { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, options, orderBy: SORTS[sort] }, { signal }),
    placeholderData: keepPreviousData,
  });
  const total = services.data?.TotalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const filtered = owners.length + categories.length + tags.length > 0 || newOnly || Boolean(text);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('catalog.explore.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Paper variant="outlined" sx={{ p: 2, width: { xs: '100%', md: 280 }, flexShrink: 0 }} data-testid="explore-facets">
          <Stack spacing={2}>
            <FormControlLabel
              control={<Switch checked={newOnly} onChange={(event) => setNewOnly(event.target.checked)} data-testid="explore-new-only" />}
              label={`${t('catalog.explore.newOnly')} (${facets.data?.NewCount ?? 0})`}
            />
            <FacetList
              title={t('catalog.explore.vendors')}
              testId="explore-facet-vendors"
              items={(facets.data?.Owners ?? []).map((owner) => ({ value: owner.Id, label: owner.Name, count: owner.Count }))}
              chosen={owners}
              onToggle={(value) => setOwners((list) => toggle(list, value))}
            />
            <FacetList
              title={t('catalog.explore.categories')}
              testId="explore-facet-categories"
              items={(facets.data?.Categories ?? []).map((category) => ({ value: category.Value, label: category.Value, count: category.Count }))}
              chosen={categories}
              onToggle={(value) => setCategories((list) => toggle(list, value))}
            />
            <FacetList
              title={t('catalog.explore.tags')}
              testId="explore-facet-tags"
              items={(facets.data?.Tags ?? [])
                .filter((tag, index) => index < TAGS_SHOWN || tags.includes(tag.Value))
                .map((tag) => ({ value: tag.Value, label: tag.Value, count: tag.Count }))}
              chosen={tags}
              onToggle={(value) => setTags((list) => toggle(list, value))}
            />
            {filtered && (
              <Button
                size="small"
                onClick={() => {
                  setInput('');
                  setOwners([]);
                  setCategories([]);
                  setTags([]);
                  setNewOnly(false);
                }}
              >
                {t('catalog.explore.clear')}
              </Button>
            )}
          </Stack>
        </Paper>
        <Box sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
            <TextField
              size="small"
              type="search"
              label={t('catalog.explore.search')}
              value={input}
              onChange={(event) => setInput(event.target.value)}
              onKeyDown={(event) => event.key === 'Escape' && setInput('')}
              sx={{ flexGrow: 1 }}
              slotProps={{ htmlInput: { 'data-testid': 'explore-search' } }}
            />
            <TextField select size="small" label={t('catalog.explore.sort')} value={sort} onChange={(event) => setSort(event.target.value as SortId)} sx={{ minWidth: 180 }} data-testid="explore-sort">
              {(Object.keys(SORTS) as SortId[]).map((id) => (
                <MenuItem key={id} value={id}>
                  {t(`catalog.explore.sorts.${id}`)}
                </MenuItem>
              ))}
            </TextField>
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }} data-testid="explore-count">
              {t('catalog.explore.count', { count: total })}
            </Typography>
          </Stack>
          {services.isFetching && <LinearProgress sx={{ mb: 1 }} />}
          {services.isError && <Alert severity="error">{services.error instanceof Error ? services.error.message : ''}</Alert>}
          {services.data && services.data.Services.length === 0 && <Alert severity="info">{t('catalog.explore.empty')}</Alert>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)', xl: 'repeat(4, 1fr)' } }}>
            {(services.data?.Services ?? []).map((service) => (
              <Card key={service.Id} variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }} data-testid="explore-service">
                <CardContent sx={{ flexGrow: 1 }}>
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
                    <ServiceImage icon={service.Icon} name={service.DisplayName} />
                    <Box sx={{ minWidth: 0 }}>
                      <Typography
                        variant="subtitle1"
                        component={RouterLink}
                        to={`/service/${service.Id}`}
                        sx={{ fontWeight: 600, color: 'text.primary', textDecoration: 'none', '&:hover': { textDecoration: 'underline' }, display: 'block', lineHeight: 1.3 }}
                        data-testid="explore-service-name"
                      >
                        {service.DisplayName}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" noWrap>
                        {service.VendorName} · {valueText('category', service.Category)}
                      </Typography>
                    </Box>
                  </Stack>
                  {service.ShortDescription && (
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                      {service.ShortDescription}
                    </Typography>
                  )}
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {service.IsNew && <Chip size="small" color="secondary" label={t('serviceInfo.new')} />}
                    {service.Tags.filter((tag) => tag !== 'new').map((tag) => (
                      <Chip key={tag} size="small" variant="outlined" label={tag} />
                    ))}
                  </Stack>
                </CardContent>
                <CardActions sx={{ justifyContent: 'flex-end' }}>
                  <Button size="small" component={RouterLink} to={`/service/${service.Id}`}>
                    {t('catalog.explore.details')}
                  </Button>
                  {mayOrder && (
                    <Button size="small" variant="outlined" component={RouterLink} to={`/account/new/service?product=${encodeURIComponent(service.DisplayName)}`} data-testid="explore-order">
                      {t('catalog.order')}
                    </Button>
                  )}
                </CardActions>
              </Card>
            ))}
          </Box>
          {pages > 1 && (
            <Stack sx={{ alignItems: 'center', mt: 2 }}>
              <Pagination count={pages} page={page} onChange={(_event, value) => setPage(value)} color="primary" data-testid="explore-pages" />
            </Stack>
          )}
        </Box>
      </Stack>
    </Box>
  );
}
