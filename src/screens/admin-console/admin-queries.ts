import { useQuery } from '@tanstack/react-query';
import { callService } from '../../api';

export const ADMIN_METADATA_QUERY_KEY = ['admin', 'metadata'] as const;

/** Server, database and live-connection facts, and the maintenance schedule. */
export function useAdminMetadata() {
  return useQuery({
    queryKey: ADMIN_METADATA_QUERY_KEY,
    queryFn: ({ signal }) => callService('Admin', 'GetMetadata', {}, { signal }),
  });
}
