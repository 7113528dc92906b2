import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { TextRef } from '../../engine/grids';

/** The header of a preview table (a list editor's, a row form's): each column's label, money to the right. */
export function PreviewColumnsHead({ columns, text }: { columns: readonly { field: string; label: TextRef; type?: string }[]; text: (ref: TextRef) => string }) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((column) => (
          <TableCell key={column.field} align={column.type === 'money' ? 'right' : 'left'}>
            {text(column.label)}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}
