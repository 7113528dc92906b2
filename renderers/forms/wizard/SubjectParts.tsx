/**
 * What a wizard screen draws about its subject (issue 33): the heading (icon,
 * link, tags), the tables of what an answer lists (the subject's, the outcome's),
 * and notes in their tone, a note's button making its call. All from the
 * layout's Screen.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { callParams, tableCells, type ShownNote, type SubjectAccount, type WizardScope } from '../../../engine/forms';
import type { WizardTable } from '../../../contract/services/wizard-schemas';
import type { Formatting } from '../../../contract/formatting';

export function SubjectHeading({ account, tags, icon }: { account: SubjectAccount; tags: string[]; icon?: ReactNode }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}>
      {/* The icon stays beside the name, which wraps on a phone; the tags follow where there is room. */}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        {icon}
        <Link component={RouterLink} to={`/account/${account.AccountId}`} variant="h6" underline="hover" sx={{ overflowWrap: 'anywhere' }} data-testid="wizard-subject-name">
          {account.DisplayName}
        </Link>
      </Stack>
      {tags.map((tag) => (
        <Chip key={tag} size="small" label={tag} data-testid="wizard-tag" />
      ))}
    </Stack>
  );
}

/** Tables of rows an answer lists (the subject's, the outcome's; nothing for an empty list); a cell with a link opens its route. Test ids `{testId}-{n}`, rows `wizard-table-row`. */
export function WizardTables({ tables, scope, formatting, testId }: { tables: readonly WizardTable[] | undefined; scope: WizardScope; formatting: Formatting; testId: string }) {
  return (
    <>
      {(tables ?? []).map((table, index) => {
        const { rows, more } = tableCells(table, scope, formatting);
        if (rows.length === 0) return null;
        return (
          <Box key={index} data-testid={`${testId}-${index}`} sx={{ overflowX: 'auto' }}>
            {table.Title && <Typography variant="subtitle2">{table.Title}</Typography>}
            <Table size="small">
              <TableHead>
                <TableRow>
                  {table.Columns.map((column) => (
                    <TableCell key={column.Property}>{column.Label}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((cells, row) => (
                  <TableRow key={row} data-testid="wizard-table-row">
                    {cells.map((cell, column) => (
                      <TableCell key={column}>
                        {cell.to ? (
                          <Link component={RouterLink} to={cell.to}>
                            {cell.text}
                          </Link>
                        ) : (
                          cell.text
                        )}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {more && <Typography variant="caption">{more}</Typography>}
          </Box>
        );
      })}
    </>
  );
}

/** A note in its tone; its button makes its call, then says so and has the subject read again. */
export function SubjectNote({ note, scope, testId, call, onCalled }: { note: ShownNote; scope: WizardScope; testId: string; call(service: string, method: string, params: Record<string, unknown>): Promise<unknown>; onCalled(text: string | undefined): void }) {
  const [busy, setBusy] = useState(false);
  const button = note.line.Button;
  const press = async () => {
    if (!button) return;
    setBusy(true);
    try {
      await call(button.Service, button.Method, callParams(button.Params, scope));
      onCalled(button.Success);
    } catch {
      // The service client has shown the refusal; the note stays.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert
      severity={note.line.Tone ?? 'info'}
      data-testid={testId}
      action={
        button && (
          <Button color="inherit" size="small" onClick={() => void press()} disabled={busy} data-testid={`${testId}-button`}>
            {button.Label}
          </Button>
        )
      }
    >
      {note.text}
    </Alert>
  );
}
