import AccountTreeIcon from '@mui/icons-material/AccountTree';
import BusinessIcon from '@mui/icons-material/Business';
import CategoryIcon from '@mui/icons-material/Category';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import PersonIcon from '@mui/icons-material/Person';
import StorefrontIcon from '@mui/icons-material/Storefront';
import WidgetsIcon from '@mui/icons-material/Widgets';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

const ICONS: Record<string, ComponentType<SvgIconProps>> = {
  User: PersonIcon,
  Department: AccountTreeIcon,
  Company: BusinessIcon,
  Reseller: StorefrontIcon,
  Vendor: CategoryIcon,
  Product: WidgetsIcon,
};

const reported = new Set<string>();

/** The icon of an account type (spec §3 Account search result: icon by type). */
export function AccountTypeIcon({ type, ...props }: { type: string } & SvgIconProps) {
  const Icon = ICONS[type];
  if (!Icon) {
    // Spec §8: an unknown icon name logs an error (once per name, not per render).
    if (!reported.has(type)) console.error(`No icon for account type ${type}`);
    reported.add(type);
    return <HelpOutlineIcon {...props} />;
  }
  return <Icon {...props} />;
}
