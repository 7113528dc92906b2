import { useQuery } from '@tanstack/react-query';
import { callService } from '../../api';
import type { catalogue, ResultOf } from '../../../contract';


export type Dashboard = ResultOf<(typeof catalogue)['Account']['GetDashboard']>;
export type DashboardCardData = Dashboard['Cards'][number];

export const DASHBOARD_QUERY_KEY = ['dashboard'] as const;

/** Account/GetDashboard: every card in one call, refreshed when the user comes back to the page. */
export const useDashboard = () =>
  useQuery({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: ({ signal }) => callService('Account', 'GetDashboard', {}, { signal }),
    staleTime: 30_000,
  });
