import Avatar from '@mui/material/Avatar';
import { SERVICE_IMAGE_PATH } from '../../../contract/services/catalog-results';

/** The keeper's address of a service image, or undefined when the path is not valid (spec §5: then the placeholder). */
export function serviceImageUrl(icon: string | null | undefined, size: number): string | undefined {
  if (!icon || !SERVICE_IMAGE_PATH.test(icon)) return undefined;
  return `/keeper/getimage/${icon}/${size}/${size}`;
}

/** The image path of a row's or record's value (anything else: the placeholder). */
export const imageOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => /^[\p{L}\p{N}]/u.test(word))
    .slice(0, 2)
    .map((word) => word[0].toUpperCase())
    .join('');

/**
 * A definition's image (a card's or a record header's `imageField`): the service image the keeper
 * serves at /keeper/getimage, or a placeholder with the title's initials when the path is not a valid one (spec §5).
 */
export function ServiceImage({ icon, name, size = 48 }: { icon: string | null | undefined; name: string; size?: number }) {
  const url = serviceImageUrl(icon, size * 2);
  return (
    <Avatar
      variant="rounded"
      src={url}
      alt={url ? name : undefined}
      sx={{ width: size, height: size, fontSize: size / 2.6, bgcolor: url ? 'transparent' : 'action.disabled', flexShrink: 0 }}
      data-testid={url ? 'service-image' : 'service-image-placeholder'}
    >
      {initialsOf(name)}
    </Avatar>
  );
}
