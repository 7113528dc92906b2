import type { QueryClient } from '@tanstack/react-query';
import { forgetDefinitionVersions } from '../api/definition-versions';

/**
 * A definition was published, rolled back or retired (realtime `definitions`):
 * the open screens fetch their screen definitions, view layouts and the menu
 * entries of definitions and the account types again, so a grid (or a New menu)
 * follows the change without a reload.
 */
export function refreshDefinitions(queryClient: QueryClient): void {
  forgetDefinitionVersions();
  for (const queryKey of [['screen-definition'], ['viewLayout'], ['definition-menu'], ['account-types']]) void queryClient.invalidateQueries({ queryKey });
}
