import type { QueryClient } from '@tanstack/react-query';

/**
 * A definition was published, rolled back or retired (realtime `definitions`):
 * the open screens fetch their screen definitions, view layouts and the menu
 * entries of definitions again, so a grid follows the change without a reload.
 */
export function refreshDefinitions(queryClient: QueryClient): void {
  for (const queryKey of [['screen-definition'], ['viewLayout'], ['definition-menu']]) void queryClient.invalidateQueries({ queryKey });
}
