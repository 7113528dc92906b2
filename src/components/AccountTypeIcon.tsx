import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { useTranslation } from 'react-i18next';

/** One icon per account type (the Icon names the server sends map to the same ones). */
const ICONS: Record<string, typeof PersonOutlined> = {
  Reseller: HubOutlined,
  Vendor: StorefrontOutlined,
  Company: ApartmentOutlined,
  Department: AccountTreeOutlined,
  User: PersonOutlined,
  Product: Inventory2Outlined,
};

export function AccountTypeIcon({ type, ...props }: { type: string } & SvgIconProps) {
  const { t } = useTranslation();
  const Icon = ICONS[type] ?? AccountTreeOutlined;
  return <Icon fontSize="small" color="action" titleAccess={t(`account.types.${type}`, { defaultValue: type })} {...props} />;
}
