import { Navigate, useLocation } from 'react-router-dom';
import NotFoundScreen from '../../screens/not-found/NotFoundScreen';
import { useShellLinks } from '../menus/use-shell-links';
import { accountIdFromUrl } from './embedded-mode';

/**
 * A host app opens accounts with its own URL shape, `…/Account/View/{id}`
 * (spec §2: the id is the segment two after Account). This route takes the id
 * from there and shows the portal's account screen, or not-found without one.
 */
export default function EmbeddedAccountRedirect() {
  const location = useLocation();
  const { resolve } = useShellLinks();
  const accountId = accountIdFromUrl(location.pathname);
  const target = accountId ? resolve('accountView', { accountId }) : undefined;
  if (target?.kind === 'route') return <Navigate to={target.to} replace />;
  return <NotFoundScreen />;
}
