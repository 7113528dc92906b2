import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { HTMLAttributes, ReactNode } from 'react';
import type { SourceOption } from '../../engine/grids';

/** One option of an options source in an Autocomplete's list: its text and, under it, its detail (the path above an account). */
export function SourceOptionItem({ props, option, symbol, testId, withSymbolGap }: { props: HTMLAttributes<HTMLLIElement>; option: SourceOption; symbol?: ReactNode; testId?: string; withSymbolGap?: boolean }) {
  const { key, ...optionProps } = props as typeof props & { key: string };
  return (
    <Box component="li" key={key} {...optionProps} sx={withSymbolGap ? { gap: 1.5 } : undefined} data-testid={testId}>
      {symbol}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2">{option.label}</Typography>
        {option.detail && (
          <Typography variant="caption" color="text.secondary">
            {option.detail}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
