/**
 * The parts of a standalone form drawn from the sign-in in progress (schema/form-session.ts): a record of it
 * shown with its symbol, a choice among its options, and the progress of a submit sent as the page opens.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { choiceOptions, choiceSelected, kindLabel, type FormDefinition, type IconKind, type SessionValues, type TextRef } from '../../engine/grids';
import { KindIcon } from './cells/KindIcon';

type Text = (ref: TextRef) => string;
type Symbol = { field: string; valueKind: IconKind };
type Row = Record<string, unknown>;

const SymbolOf = ({ symbol, row }: { symbol: Symbol | undefined; row: Row }) =>
  symbol ? <KindIcon kind={symbol.valueKind} value={String(row[symbol.field] ?? '')} color="primary" fontSize="medium" /> : null;

/** The session's record the form is about (e.g. the method a code is asked of): its symbol and its name. */
export function SessionShows({ shows, session }: { shows: NonNullable<FormDefinition['shows']>; session: SessionValues }) {
  const record = (session[shows.session] ?? {}) as Row;
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} data-testid={shows.testId}>
      <SymbolOf symbol={shows.icon} row={record} />
      <span>{String(record[shows.label] ?? '')}</span>
    </Stack>
  );
}

/** The session's options, one button each (the current one selected); choosing one hands its value on. */
export function SessionChoice({ form, session, text, onChoose }: { form: FormDefinition; session: SessionValues; text: Text; onChoose: (value: unknown) => void }) {
  const { t } = useTranslation();
  const choice = form.choice!;
  return (
    <List disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {choiceOptions(form, session).map((option) => (
        <ListItemButton
          key={String(option[choice.value])}
          selected={choiceSelected(form, option, session)}
          onClick={() => onChoose(option[choice.value])}
          data-testid={`${choice.testId}-${String(option[choice.value])}`}
        >
          {choice.icon && (
            <ListItemIcon>
              <SymbolOf symbol={choice.icon} row={option} />
            </ListItemIcon>
          )}
          <ListItemText
            primary={String(option[choice.label] ?? '')}
            secondary={choice.secondary && kindLabel(choice.secondary.valueKind, String(option[choice.secondary.field] ?? ''), (key, values) => String(t(key, values)))}
          />
          {choice.badge && option[choice.badge.field] === true && <Chip size="small" label={text(choice.badge.label)} />}
        </ListItemButton>
      ))}
    </List>
  );
}

/** A submit sent as the page opens, while it runs: the progress alone in the window, said to screen readers. */
export function FormOpening({ text, testId }: { text: string; testId: string }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
      <CircularProgress aria-hidden />
      <Typography color="text.secondary" role="status" data-testid={testId}>
        {text}
      </Typography>
    </Box>
  );
}
