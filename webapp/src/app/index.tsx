import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App({ queryClient, routes }: { queryClient?: QueryClient; routes: RouteObject[] }) {
  return (
    <AppProvider queryClient={queryClient}>
      <AppRouter routes={routes} />
    </AppProvider>
  );
}
