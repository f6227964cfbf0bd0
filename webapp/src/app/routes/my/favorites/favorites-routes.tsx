import { lazy, Suspense } from 'react';
import { useRoutes } from 'react-router';

import { Loading } from '@/components/ui/loading';
import { favoritePaths } from '@/config/favorite-paths';
import { SignInPrompt } from '@/features/identity/components/sign-in-prompt';
import { useRequireLogin } from '@/features/identity/login';

import '../my.css';
import '@/features/favorites/components/favorites.css';

// Each screen its own chunk; the shell holds only the one splat route that leads here.
const ListsRoute = lazy(() => import('./lists'));
const ListsEditRoute = lazy(() => import('./lists-edit'));
const ListRoute = lazy(() => import('./list'));
const StocksEditRoute = lazy(() => import('./stocks-edit'));
const StocksAddRoute = lazy(() => import('./stocks-add'));
const NotFoundRoute = lazy(() => import('../../not-found'));

/** /m/my/favorite_stock_lists/…: members only (spec §2); a visitor signs in and comes back. */
export default function FavoritesRoutes() {
  const signedIn = useRequireLogin();
  // useRoutes, as the app's router: <Routes> would bring more of react-router into the shell's vendor chunk.
  const element = useRoutes([
    { index: true, element: <ListsRoute /> },
    { path: favoritePaths.listsEdit.path, element: <ListsEditRoute /> },
    { path: favoritePaths.list.path, element: <ListRoute /> },
    { path: favoritePaths.stocksEdit.path, element: <StocksEditRoute /> },
    { path: favoritePaths.stocksAdd.path, element: <StocksAddRoute /> },
    { path: '*', element: <NotFoundRoute /> },
  ]);
  if (!signedIn) {
    return (
      <>
        <title>관심종목 : 시세</title>
        <SignInPrompt />
      </>
    );
  }
  return (
    <Suspense fallback={<Loading />}>
      {element}
    </Suspense>
  );
}
