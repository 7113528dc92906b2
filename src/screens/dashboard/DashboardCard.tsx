import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { formatCurrency, formatDateTime, formatNumber } from '../../i18n/format';
import type { DashboardCardData } from './dashboard-query';
import { TermsCardAction } from './TermsCardAction';

type Item = NonNullable<DashboardCardData['Items']>[number];

/** The figure: a number of items, or an amount for a bill. */
const figureOf = (card: DashboardCardData) => (card.Currency ? formatCurrency(card.Count, card.Currency) : formatNumber(card.Count));

function Heading({ card, testId }: { card: DashboardCardData; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t(card.Title)}
      </Typography>
      {card.Kind !== 'count' && (
        <Typography variant="h6" component="span" data-testid={`${testId}-figure`} sx={{ whiteSpace: 'nowrap' }}>
          {figureOf(card)}
        </Typography>
      )}
    </Stack>
  );
}

/** A count: the figure large, the description below; the whole card opens the screen behind it. */
function CountBody({ card, testId }: { card: DashboardCardData; testId: string }) {
  const { t } = useTranslation();
  return (
    <CardContent>
      <Heading card={card} testId={testId} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 1 }}>
        <Typography variant="h3" component="p" data-testid={`${testId}-figure`} color={card.Count > 0 ? 'text.primary' : 'text.secondary'}>
          {figureOf(card)}
        </Typography>
        {card.Link && <ChevronRightIcon color="action" />}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t(card.Description)}
      </Typography>
    </CardContent>
  );
}

/** Chart and list cards: the title and figure, then what the card counts. */
function HeadingWithDescription({ card, testId }: { card: DashboardCardData; testId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Heading card={card} testId={testId} />
      <Typography variant="body2" color="text.secondary">
        {t(card.Description)}
      </Typography>
    </>
  );
}

function ChartBody({ card, testId }: { card: DashboardCardData; testId: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const points = card.Points ?? [];
  return (
    <CardContent>
      <HeadingWithDescription card={card} testId={testId} />
      {points.length > 0 ? (
        <Box role="img" aria-label={t(card.Title)} data-testid={`${testId}-chart`}>
          {/* No keyboard navigation of the bars: its focus stop had no name, and inside role="img" what it announces is
              never read (issue 24); the card's link leads to the values. */}
          <BarChart
            disableKeyboardNavigation
            height={160}
            layout="horizontal"
            hideLegend
            margin={{ left: 4, right: 28, top: 8, bottom: 4 }}
            yAxis={[{ scaleType: 'band', data: points.map((point) => (point.Label === '…' ? t('dashboard.other') : point.Label)), width: 140 }]}
            xAxis={[{ tickNumber: 3, valueFormatter: (value: number) => formatNumber(value, { notation: 'compact' }) }]}
            series={[{ data: points.map((point) => point.Value), color: theme.palette.primary.main, valueFormatter: (value) => (value === null ? '' : formatCurrency(value, card.Currency ?? 'EUR')) }]}
          />
        </Box>
      ) : (
        <Typography variant="body2" sx={{ mt: 2 }}>
          {t('dashboard.nothingBilled')}
        </Typography>
      )}
      <MoreLink card={card} testId={testId} />
    </CardContent>
  );
}

function itemText(item: Item, t: (key: string, values?: Record<string, unknown>) => string): { primary: ReactNode; secondary: string } {
  if (item.Action === 'ScheduledTermination') {
    return { primary: item.AccountName ?? '', secondary: t('dashboard.terminationAt', { date: formatDateTime(item.At) }) };
  }
  // Text is the entry in words (the server's audit sentence); who and where go beneath it.
  const who = item.ActorName ?? t('dashboard.system');
  const where = item.AccountName === who ? undefined : item.AccountName;
  return { primary: item.Text || item.Action, secondary: [who, where, formatDateTime(item.At)].filter(Boolean).join(' · ') };
}

/** The card's own link under its content (chart and list cards, whose lines are links or a chart). */
function MoreLink({ card, testId }: { card: DashboardCardData; testId: string }) {
  const { t } = useTranslation();
  if (!card.Link) return null;
  return (
    <Link component={RouterLink} to={card.Link} variant="body2" data-testid={`${testId}-more`} sx={{ display: 'inline-block', mt: 1 }}>
      {t('dashboard.showAll')}
    </Link>
  );
}

function ListBody({ card, testId }: { card: DashboardCardData; testId: string }) {
  const { t } = useTranslation();
  const items = card.Items ?? [];
  return (
    <CardContent>
      <HeadingWithDescription card={card} testId={testId} />
      {items.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 2 }}>
          {t('dashboard.nothing')}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ mt: 1 }}>
          {items.map((item) => {
            const { primary, secondary } = itemText(item, (key, values) => String(t(key, values)));
            return (
              <ListItem key={item.Id} disableGutters data-testid={`${testId}-item`}>
                <ListItemText
                  primary={item.Link ? <Link component={RouterLink} to={item.Link} underline="hover" color="inherit" data-testid={`${testId}-item-link`}>{primary}</Link> : primary}
                  secondary={secondary}
                  slotProps={{ primary: { noWrap: true, title: typeof primary === 'string' ? primary : undefined } }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      <MoreLink card={card} testId={testId} />
    </CardContent>
  );
}

/** One card of the dashboard, drawn by its kind. */
export function DashboardCard({ card }: { card: DashboardCardData }) {
  const testId = `dashboard-card-${card.Id}`;
  const body = card.Kind === 'chart' ? <ChartBody card={card} testId={testId} /> : card.Kind === 'list' ? <ListBody card={card} testId={testId} /> : <CountBody card={card} testId={testId} />;
  // A count card is one big link; chart and list cards hold links of their own.
  const linked = card.Kind === 'count' && card.Link;
  return (
    <Card variant="outlined" data-testid={testId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {linked ? (
        <CardActionArea component={RouterLink} to={card.Link!} sx={{ flexGrow: 1, alignItems: 'stretch' }} data-testid={`${testId}-link`}>
          {body}
        </CardActionArea>
      ) : (
        <Box sx={{ flexGrow: 1 }}>{body}</Box>
      )}
      {card.Id === 'terms-to-accept' && card.Count > 0 && <TermsCardAction />}
    </Card>
  );
}
