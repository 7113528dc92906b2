import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { linkTarget, type ValueFormat } from '../../../engine/grids';

/** A link to an account or a service; plain text when the row has no id. */
export function EntityLink({ row, value, format }: { row: Record<string, unknown>; value: unknown; format: ValueFormat }) {
  const text = value === null || value === undefined ? '' : String(value);
  const to = linkTarget(format, row);
  if (!to) return <>{text}</>;
  // Keyboard users reach the link with Tab from the focused cell; the grid keeps arrow keys.
  return (
    <Link component={RouterLink} to={to} underline="hover" tabIndex={-1}>
      {text || to}
    </Link>
  );
}
