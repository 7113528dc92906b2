import type { TFunction } from 'i18next';
import { isApiError } from '../../api';

/** The server's text of a failed call, else a general one. */
export const errorText = (error: unknown, t: TFunction) => (isApiError(error) ? error.message : t('studio.failed'));
