import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { searchedText, type SearchDefinition } from '../../engine/grids';

export interface GridSearchProps {
  search: SearchDefinition;
  label: string;
  /** The tooShort text with its length. */
  tooShortText: string;
  /** The text to send (undefined: none), 300 ms after the last key. */
  onSearch: (text: string | undefined) => void;
  /** Test id of the input. */
  testId: string;
}

/** Spec §9: the search waits 300 ms after the last key. */
const SEARCH_DELAY_MS = 300;

/** A grid's search in its toolbar: the text the method narrows by; a text shorter than minLength is not sent and says so. */
export function GridSearch({ search, label, tooShortText, onSearch, testId }: GridSearchProps) {
  const [typed, setTyped] = useState('');
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const sent = searchedText(search, settled);
  useEffect(() => onSearch(sent.text), [sent.text, onSearch]);
  // An emptied field drops the hint at once, not after the wait.
  const tooShort = sent.tooShort && typed.trim() !== '';
  return (
    <TextField
      size="small"
      type="search"
      label={label}
      value={typed}
      onChange={(event) => setTyped(event.target.value)}
      onKeyDown={(event) => event.key === 'Escape' && setTyped('')}
      error={tooShort}
      helperText={tooShort ? tooShortText : undefined}
      sx={{ minWidth: 240 }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    />
  );
}
