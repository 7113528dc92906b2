import type { SvgIconProps } from '@mui/material/SvgIcon';
import { useTranslation } from 'react-i18next';
import { KindIcon } from '../../renderers/grids/cells/KindIcon';

/** An account type's symbol (the renderers' symbols of the accountType value kind), titled with the account screens' type names. */
export function AccountTypeIcon({ type, ...props }: { type: string } & SvgIconProps) {
  const { t } = useTranslation();
  return <KindIcon kind="accountType" value={type} title={t(`account.types.${type}`, { defaultValue: type })} {...props} />;
}
