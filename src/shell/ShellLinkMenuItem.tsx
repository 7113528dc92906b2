import MenuItem from '@mui/material/MenuItem';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ShellLinkTarget } from './links';

interface Props {
  target: ShellLinkTarget;
  children: ReactNode;
  onClick?: () => void;
  testId?: string;
  /** For addresses outside the portal that should not replace it (support pages). */
  newTab?: boolean;
}

/** A menu entry that navigates: inside the app through the router, elsewhere as a plain link. */
export function ShellLinkMenuItem({ target, children, onClick, testId, newTab = false }: Props) {
  if (target.kind === 'route') {
    return (
      <MenuItem component={RouterLink} to={target.to} onClick={onClick} data-testid={testId}>
        {children}
      </MenuItem>
    );
  }
  return (
    <MenuItem
      component="a"
      href={target.href}
      onClick={onClick}
      data-testid={testId}
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </MenuItem>
  );
}
