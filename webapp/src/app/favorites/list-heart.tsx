import { useFavoriteExistences } from '@/features/favorites/queries';
import { useLogin } from '@/features/identity/use-login';

import { FavoriteHeart } from './favorite-heart';

/**
 * A list row's heart: whether it is filled comes from one existence call for the whole list
 * (every row asks with the same ids: one request), not one call per stock.
 */
export default function ListHeart({ securityId, name, listIds }: { securityId: string; name?: string; listIds: readonly string[] }) {
  const { isAuthenticated } = useLogin();
  const existences = useFavoriteExistences(listIds, { enabled: isAuthenticated });
  return <FavoriteHeart securityId={securityId} name={name} filled={existences.data?.has(securityId) ?? false} />;
}
