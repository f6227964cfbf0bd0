import { useEffect } from 'react';

import { openModal } from '@/components/modals/modal-store';
import { login } from '@/features/identity/login';
import { useLogin } from '@/features/identity/use-login';
import { useSecurity } from '@/features/securities/api/get-security';
import { useFavoritesOfSecurity } from '@/features/favorites/queries';

import { rememberPicker, takeRememberedPicker } from './reopen-picker';

import '@/features/favorites/components/favorites.css';

type FavoriteHeartProps = {
  securityId: string;
  name?: string;
  /** Known from a list's existence call; otherwise asked for this stock alone. */
  filled?: boolean;
};

function openPicker(securityId: string, name?: string) {
  openModal({ type: 'favoriteGroupPicker', props: { securityId, name } });
}

/**
 * The heart (spec §4): filled when a group holds the stock; a tap opens the favorite-group
 * picker. A visitor signs in first (spec §6) and comes back to this page with the picker open.
 */
export function FavoriteHeart({ securityId, name, filled }: FavoriteHeartProps) {
  const { isAuthenticated } = useLogin();
  const holding = useFavoritesOfSecurity(securityId, { enabled: isAuthenticated && filled === undefined });
  const on = isAuthenticated && (filled ?? (holding.data?.length ?? 0) > 0);

  useEffect(() => {
    if (isAuthenticated && takeRememberedPicker(securityId)) openPicker(securityId, name);
  }, [isAuthenticated, securityId, name]);

  return (
    <button
      type="button"
      className="favorite-heart"
      aria-pressed={on}
      aria-label={on ? '관심종목 해제·변경' : '관심종목 추가'}
      onClick={(event) => {
        // In a linked row, the heart must not follow the link.
        event.preventDefault();
        event.stopPropagation();
        if (!isAuthenticated) {
          rememberPicker(securityId);
          login();
          return;
        }
        openPicker(securityId, name);
      }}
    >
      <span aria-hidden="true">{on ? '♥' : '♡'}</span>
    </button>
  );
}

/** The stock page's heart, loaded after hydration (kept out of the page's first load). */
export default function StockFavoriteHeart({ securityId }: { securityId: string }) {
  // The page's own query (cached): the picker names the stock.
  const name = useSecurity(securityId).data?.security.name;
  return (
    <div className="favorite-heart-slot">
      <FavoriteHeart securityId={securityId} name={name} />
    </div>
  );
}
