// Every modal type (components/modals/modal-store.ts, ModalRegistry) and the component that
// shows it, each loaded on first use so no modal's code is in the shell. A feature adding a
// modal declares its props in the registry and gets a line here.
import { lazy } from 'react';

import type { ModalComponents } from '@/components/modals/modal-host';
import '@/features/identity/modals';
import '@/features/favorites/modals';

export const modalComponents: ModalComponents = {
  alert: { component: lazy(() => import('@/components/modals/alert-modal')) },
  confirm: { component: lazy(() => import('@/components/modals/confirm-modal')) },
  agreeTerms: { component: lazy(() => import('@/features/identity/components/agree-terms-modal')), fullScreen: true },
  releaseDormant: {
    component: lazy(() => import('@/features/identity/components/release-dormant-modal')),
    fullScreen: true,
  },
  setProfile: { component: lazy(() => import('@/features/identity/components/set-profile-modal')), fullScreen: true },
  favoriteGroupPicker: { component: lazy(() => import('@/features/favorites/components/favorite-picker-modal')) },
  editFavoriteStocks: { component: lazy(() => import('./favorites/edit-favorite-stocks-modal')), fullScreen: true },
  addTopicStocks: { component: lazy(() => import('./favorites/add-topic-stocks-modal')) },
  addRecentStocks: { component: lazy(() => import('./favorites/add-recent-stocks-modal')), fullScreen: true },
};
