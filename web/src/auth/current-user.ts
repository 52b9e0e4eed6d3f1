import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCurrentUser } from './auth-client';

/** The current-user query behind the route guard; no retry (the client default). */
export const currentUserQuery = queryOptions({
  queryKey: ['/api/auth/me'],
  queryFn: getCurrentUser,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
