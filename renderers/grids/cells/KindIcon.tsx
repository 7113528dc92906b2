import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import EmailIcon from '@mui/icons-material/Email';
import KeyIcon from '@mui/icons-material/Key';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import HubOutlined from '@mui/icons-material/HubOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { useTranslation } from 'react-i18next';
import { kindLabel, type IconKind } from '../../../engine/grids';

type Icon = typeof PersonOutlined;

/** The symbols of the value kinds that have them (engine ICON_KINDS): one per value, and one for any other value. */
const ICONS: Record<IconKind, { values: Record<string, Icon>; other: Icon }> = {
  accountType: {
    values: { Reseller: HubOutlined, Vendor: StorefrontOutlined, Company: ApartmentOutlined, Department: AccountTreeOutlined, User: PersonOutlined, Product: Inventory2Outlined },
    other: AccountTreeOutlined,
  },
  mfaMethodType: { values: { EMAIL: EmailIcon, PASSKEY: KeyIcon }, other: PhonelinkLockIcon },
};

/** A value's symbol (a definition's `icon`: an account's type), titled with the value's text unless a title is given. */
export function KindIcon({ kind, value, title, ...props }: { kind: IconKind; value: string; title?: string } & SvgIconProps) {
  const { t } = useTranslation();
  const Icon = ICONS[kind].values[value] ?? ICONS[kind].other;
  return <Icon fontSize="small" color="action" titleAccess={title ?? kindLabel(kind, value, (key, values) => String(t(key, values)))} {...props} />;
}
