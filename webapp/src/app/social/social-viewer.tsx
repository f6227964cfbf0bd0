import type { ReactNode } from 'react';

import { login } from '@/features/identity/login';
import { useLogin } from '@/features/identity/use-login';
import { SocialViewerContext } from '@/features/social/viewer';

/**
 * The community's screens learn from here whether a member is signed in and how a visitor signs
 * in (the identity feature's login, which comes back to this page; features/social/viewer.tsx).
 */
export function SocialViewerProvider({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useLogin();
  return <SocialViewerContext value={{ signedIn: isAuthenticated, login: () => login() }}>{children}</SocialViewerContext>;
}
