import Chip from '@mui/material/Chip';
import type { ValueFormat } from '../../../engine/grids';

/** A status value as a small coloured chip with its translated label. */
export function StatusChip({ value, format }: { value: unknown; format: ValueFormat }) {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value);
  const color = format.status?.colors[text] ?? 'default';
  return <Chip size="small" color={color} variant={color === 'default' ? 'outlined' : 'filled'} label={format.status?.label(text) ?? text} data-status={text} />;
}
