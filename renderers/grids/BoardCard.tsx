/**
 * <BoardCard>: one card of a board (schema/board.ts), drawn by its kind — a count (the figure large, the whole
 * card a link), a chart (bars of its values) or a list (its lines, each perhaps a link) — with the card's action
 * (a button opening one of the app's dialogs) under it while its figure is above zero.
 */
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense, useRef, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { boardFigure, boardItemLine, type BoardCard as BoardCardData, type BoardFormat } from '../../engine/grids/board';
import { useNearView } from './near-view';

// The chart's code (@mui/x-charts) comes when a chart card is in view, not with the board (issue 37).
const BoardChart = lazy(() => import('./BoardChart'));
/** BoardChart's BOARD_CHART_HEIGHT, kept here so the placeholder needs not its module. */
const CHART_HEIGHT = 160;

/** The board's own texts a card uses, already in the user's language. */
export interface BoardTexts {
  more: string;
  noPoints: string;
  noItems: string;
  other: string;
  noActor: string;
}

export interface BoardCardProps {
  card: BoardCardData;
  /** `{board testId}-card-{Id}`; the action's is `{board testId}-{action Id}`. */
  testId: string;
  actionTestId?: string;
  texts: BoardTexts;
  format: BoardFormat;
  /** Opens the dialog the card's action names. */
  onAction?: (dialog: string) => void;
}

type Part = { card: BoardCardData; testId: string; format: BoardFormat };

function Heading({ card, testId, format }: Part) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {format.text(card.Title)}
      </Typography>
      {card.Kind !== 'count' && (
        <Typography variant="h6" component="span" data-testid={`${testId}-figure`} sx={{ whiteSpace: 'nowrap' }}>
          {boardFigure(card, format)}
        </Typography>
      )}
    </Stack>
  );
}

const Description = ({ card, format }: Part) => (
  <Typography variant="body2" color="text.secondary">
    {format.text(card.Description)}
  </Typography>
);

/** A count: the figure large, the description below; the whole card opens the screen behind it. */
function CountBody(part: Part) {
  const { card, testId, format } = part;
  return (
    <CardContent>
      <Heading {...part} />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 1 }}>
        <Typography variant="h3" component="p" data-testid={`${testId}-figure`} color={card.Count > 0 ? 'text.primary' : 'text.secondary'}>
          {boardFigure(card, format)}
        </Typography>
        {card.Link && <ChevronRightIcon color="action" />}
      </Stack>
      <Description {...part} />
    </CardContent>
  );
}

/** The card's own link under its content (chart and list cards, whose lines are links or a chart). */
function MoreLink({ card, testId, label }: Part & { label: string }) {
  if (!card.Link) return null;
  return (
    <Link component={RouterLink} to={card.Link} variant="body2" data-testid={`${testId}-more`} sx={{ display: 'inline-block', mt: 1 }}>
      {label}
    </Link>
  );
}

function ChartBody({ texts, ...part }: Part & { texts: BoardTexts }) {
  const { card, testId, format } = part;
  const points = card.Points ?? [];
  const chartBox = useRef<HTMLDivElement>(null);
  // Drawn once the chart is in view (margin 0: a card further down loads it when scrolled to).
  const near = useNearView(chartBox, 0);
  const placeholder = <Skeleton variant="rounded" height={CHART_HEIGHT} aria-hidden />;
  return (
    <CardContent>
      <Heading {...part} />
      <Description {...part} />
      {points.length > 0 ? (
        <Box ref={chartBox} role="img" aria-label={format.text(card.Title)} data-testid={`${testId}-chart`} sx={{ minHeight: CHART_HEIGHT }}>
          {/* No keyboard navigation of the bars: its focus stop had no name, and inside role="img" what it announces is
              never read (issue 24); the card's link leads to the values. */}
          {near ? (
            <Suspense fallback={placeholder}>
              <BoardChart card={card} format={format} other={texts.other} />
            </Suspense>
          ) : (
            placeholder
          )}
        </Box>
      ) : (
        <Typography variant="body2" sx={{ mt: 2 }}>
          {texts.noPoints}
        </Typography>
      )}
      <MoreLink {...part} label={texts.more} />
    </CardContent>
  );
}

function ListBody({ texts, ...part }: Part & { texts: BoardTexts }) {
  const { card, testId, format } = part;
  const items = card.Items ?? [];
  return (
    <CardContent>
      <Heading {...part} />
      <Description {...part} />
      {items.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 2 }}>
          {texts.noItems}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ mt: 1 }}>
          {items.map((item) => {
            const { primary, secondary } = boardItemLine(card, item, format, texts.noActor);
            const shown: ReactNode = item.Link ? (
              <Link component={RouterLink} to={item.Link} underline="hover" color="inherit" data-testid={`${testId}-item-link`}>
                {primary}
              </Link>
            ) : (
              primary
            );
            return (
              <ListItem key={item.Id} disableGutters data-testid={`${testId}-item`}>
                <ListItemText primary={shown} secondary={secondary} slotProps={{ primary: { noWrap: true, title: primary } }} />
              </ListItem>
            );
          })}
        </List>
      )}
      <MoreLink {...part} label={texts.more} />
    </CardContent>
  );
}

export function BoardCard({ card, testId, actionTestId, texts, format, onAction }: BoardCardProps) {
  const part = { card, testId, format };
  const body = card.Kind === 'chart' ? <ChartBody {...part} texts={texts} /> : card.Kind === 'list' ? <ListBody {...part} texts={texts} /> : <CountBody {...part} />;
  // A count card is one big link; chart and list cards hold links of their own.
  const linked = card.Kind === 'count' ? card.Link : null;
  const action = card.Action && card.Count > 0 && onAction ? card.Action : undefined;
  return (
    <Card variant="outlined" data-testid={testId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {linked ? (
        <CardActionArea component={RouterLink} to={linked} sx={{ flexGrow: 1, alignItems: 'stretch' }} data-testid={`${testId}-link`}>
          {body}
        </CardActionArea>
      ) : (
        <Box sx={{ flexGrow: 1 }}>{body}</Box>
      )}
      {action && (
        <CardActions sx={{ pt: 0, px: 2, pb: 2 }}>
          <Button size="small" variant="outlined" color="inherit" onClick={() => onAction?.(action.Dialog)} data-testid={actionTestId}>
            {format.text(action.Label)}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
