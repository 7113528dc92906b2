/**
 * <DefinedBoard>: a screen definition's `board` (schema/board.ts; dashboard.json on the start page): the cards its
 * data source answers, in a grid of one to three columns, each drawn by <BoardCard> by its kind. A card's action
 * opens one of the app's dialogs the host hands in by name (`dialogs`); when it closes the cards are read again
 * (what it did may change them). The cards are read again when the user comes back after half a minute.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, formatNumber, pageFormatting } from '../../contract/formatting';
import type { BoardFormat } from '../../engine/grids/board';
import type { ScreenContext } from '../../engine/grids/bindings';
import type { BoardDefinition, ScreenDefinition } from '../../engine/grids/definition-schema';
import { resolveText } from '../../engine/grids/texts';
import { BoardCard } from './BoardCard';
import { boardQuery } from './board-query';
import type { GridServiceCaller } from './grid-service';

/** The app's dialogs a card's action may open, by name; each closes itself with onClose. */
export type BoardDialogs = Readonly<Record<string, ComponentType<{ onClose: () => void }>>>;

export interface DefinedBoardProps {
  definition: ScreenDefinition & { board: BoardDefinition };
  context?: ScreenContext;
  callService: GridServiceCaller;
  dialogs?: BoardDialogs;
}

const EMPTY_CONTEXT: ScreenContext = {};

export function DefinedBoard({ definition, context = EMPTY_CONTEXT, callService, dialogs }: DefinedBoardProps) {
  const { t, i18n } = useTranslation();
  const formatting = pageFormatting(i18n.resolvedLanguage ?? i18n.language);
  const { board } = definition;
  const text = (key: string, values?: Record<string, string | number>) => String(t(key, values));
  const textOf = (ref: BoardDefinition['empty']) => resolveText(ref, text, formatting.locale);
  const format: BoardFormat = {
    text,
    number: (value, options) => formatNumber(value, formatting, options),
    money: (value, currency) => formatMoney(value, currency, formatting),
    dateTime: (iso) => formatDateTime(iso, formatting),
  };
  const cards = useQuery(boardQuery(definition, context, callService, formatting.locale));
  const [opened, setOpened] = useState<string | undefined>();
  const Dialog = opened ? dialogs?.[opened] : undefined;
  const texts = { more: textOf(board.more), noPoints: textOf(board.noPoints), noItems: textOf(board.noItems), other: textOf(board.other), noActor: textOf(board.noActor) };
  return (
    <>
      {cards.isError && <Alert severity="error">{textOf(board.failed)}</Alert>}
      <Box
        data-testid={`${board.testId}-cards`}
        // Each card is as tall as its content: a count card beside a chart does not stretch to the chart's height.
        sx={{ display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}
      >
        {cards.isPending && [0, 1, 2].map((index) => <Skeleton key={index} variant="rounded" height={150} />)}
        {cards.data?.map((card) => (
          <Box key={card.Id} sx={{ minWidth: 0 }}>
            <BoardCard
              card={card}
              testId={`${board.testId}-card-${card.Id}`}
              actionTestId={card.Action && `${board.testId}-${card.Action.Id}`}
              texts={texts}
              format={format}
              onAction={card.Action && dialogs?.[card.Action.Dialog] ? setOpened : undefined}
            />
          </Box>
        ))}
      </Box>
      {cards.data?.length === 0 && <Typography color="text.secondary">{textOf(board.empty)}</Typography>}
      {Dialog && (
        <Dialog
          onClose={() => {
            setOpened(undefined);
            void cards.refetch();
          }}
        />
      )}
    </>
  );
}
