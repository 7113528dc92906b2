/**
 * A flags matrix (engine/forms/flags-matrix.ts): one row per entry, named in words with its code beneath, one box
 * per flag, a remove button, and a picker adding a row for a value not listed yet (found by its words or its code).
 * Which boxes may change is the model's rule; on a narrow screen the flags scroll sideways.
 */
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { flagEditable, matrixRowKey, setFlag, unusedValues, type FlagsMatrixShape } from '../../engine/forms/flags-matrix';

type Row = Record<string, unknown>;

export interface FlagsMatrixInputProps<T extends Row> {
  shape: FlagsMatrixShape;
  rows: readonly T[];
  onChange: (rows: T[]) => void;
  /** The signed-in user's own rows: the flags they may give. */
  held: readonly Row[];
  /** The rows as stored: their flags may stay or go. */
  stored: readonly Row[];
  readOnly: boolean;
  /** The table's accessible name and the first column's heading. */
  label: string;
  rowHeading: string;
  flagLabel: (flag: string) => string;
  /** A row in words (its boxes' names start with it) and its code, shown beneath. */
  rowName: (row: T) => string;
  rowCode: (row: T) => string;
  removeLabel: (name: string) => string;
  /** Adding a row: its `field` takes one of `offered` (named by `optionLabel`). */
  add?: { field: string; offered: readonly string[]; optionLabel: (value: string) => string; label: string; button: string };
  rowTestId?: string;
}

export function FlagsMatrixInput<T extends Row>({ shape, rows, onChange, held, stored, readOnly, label, rowHeading, flagLabel, rowName, rowCode, removeLabel, add, rowTestId }: FlagsMatrixInputProps<T>) {
  const [adding, setAdding] = useState<string | null>(null);
  const optionLabel = add?.optionLabel;
  // Typing finds a value by its words or by its code.
  const filter = useMemo(() => createFilterOptions<string>({ stringify: (value) => `${optionLabel?.(value) ?? value} ${value}` }), [optionLabel]);
  const unused = add ? unusedValues(shape, rows, add.field, add.offered) : [];
  return (
    <>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={label} stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell>{rowHeading}</TableCell>
              {shape.flags.map((flag) => (
                <TableCell key={flag} align="center">
                  {flagLabel(flag)}
                </TableCell>
              ))}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => {
              const name = rowName(row);
              return (
                <TableRow key={matrixRowKey(shape, row)} hover>
                  <TableCell sx={{ minWidth: 160 }} data-testid={rowTestId}>
                    {name}
                    <Typography component="div" variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                      {rowCode(row)}
                    </Typography>
                  </TableCell>
                  {shape.flags.map((flag) => (
                    <TableCell key={flag} align="center" padding="checkbox">
                      <Checkbox
                        size="small"
                        checked={row[flag] === true}
                        disabled={!flagEditable(shape, { held, stored, readOnly }, row, flag)}
                        onChange={(event) => onChange(setFlag(rows, index, flag, event.target.checked))}
                        slotProps={{ input: { 'aria-label': `${name} ${flagLabel(flag)}` } }}
                      />
                    </TableCell>
                  ))}
                  <TableCell padding="checkbox">
                    {!readOnly && (
                      <IconButton size="small" aria-label={removeLabel(name)} onClick={() => onChange(rows.filter((_, at) => at !== index))}>
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      {add && !readOnly && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Autocomplete
            options={unused}
            value={adding}
            onChange={(_event, value) => setAdding(value)}
            getOptionLabel={add.optionLabel}
            filterOptions={filter}
            renderOption={({ key, ...props }, value) => (
              <li key={key} {...props}>
                <div>
                  {add.optionLabel(value)}
                  <Typography component="div" variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                    {value}
                  </Typography>
                </div>
              </li>
            )}
            renderInput={(params) => <TextField {...params} size="small" label={add.label} />}
            sx={{ flexGrow: 1, maxWidth: 360 }}
          />
          <Button
            disabled={!adding}
            onClick={() => {
              if (adding) onChange([...rows, { [add.field]: adding } as T]);
              setAdding(null);
            }}
          >
            {add.button}
          </Button>
        </Stack>
      )}
    </>
  );
}
