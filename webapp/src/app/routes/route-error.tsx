import { useRouteError } from 'react-router';

import { ErrorFallback } from '@/components/errors/error-fallback';

/** Last-resort page when the layout itself failed. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return <ErrorFallback />;
}
