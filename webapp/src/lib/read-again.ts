import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Reads the queries under `queryKey` again, from now: after a write, or when a live stream
 * starts following what they show. `invalidateQueries` alone restarts a read in flight only
 * when its query already has data; a first read still in flight is joined, and it left before
 * the change the caller knows of, so it is cancelled first.
 */
export async function readAgain(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
