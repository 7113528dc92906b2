/**
 * The route table: one record per screen. To add a screen, add a record here
 * with a lazy element; the guard and the layouts pick it up from its flags.
 */
import { lazy } from 'react';
import type { AppRoute } from './route-record';

export const appRoutes: AppRoute[] = [
  { path: '/login', element: lazy(() => import('../screens/login/LoginScreen')), public: true, plain: true },
  { path: '/', element: lazy(() => import('../screens/home/HomeScreen')) },
  // Any other path; the router ranks it below every specific path.
  { path: '*', element: lazy(() => import('../screens/not-found/NotFoundScreen')) },
];
