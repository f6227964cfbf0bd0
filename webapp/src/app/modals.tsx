// Every modal type (components/modals/modal-store.ts, ModalRegistry) and the component that
// shows it, each loaded on first use so no modal's code is in the shell. A feature adding a
// modal declares its props in the registry and gets a line here.
import { lazy } from 'react';

import type { ModalComponents } from '@/components/modals/modal-host';
import '@/features/charts/modals';
import '@/features/identity/modals';
import '@/features/favorites/modals';
import '@/features/social/modals';
import '@/components/share/modals';
import '@/features/company/modals';
import '@/features/site/modals';

// The favorites modals share one chunk (and one import, the fewest bytes in the shell).
const loadFavorites = () => import('./favorites/modal-components');
function favorites<K extends keyof Awaited<ReturnType<typeof loadFavorites>>>(name: K) {
  return lazy(async () => ({ default: (await loadFavorites())[name] }));
}

const loadSocial = () => import('./social/modal-components');
function social<K extends keyof Awaited<ReturnType<typeof loadSocial>>>(name: K) {
  return lazy(async () => ({ default: (await loadSocial())[name] }));
}

export const modalComponents: ModalComponents = {
  alert: { component: lazy(() => import('@/components/modals/alert-modal')) },
  confirm: { component: lazy(() => import('@/components/modals/confirm-modal')) },
  agreeTerms: { component: lazy(() => import('@/features/identity/components/agree-terms-modal')), fullScreen: true },
  releaseDormant: {
    component: lazy(() => import('@/features/identity/components/release-dormant-modal')),
    fullScreen: true,
  },
  setProfile: { component: lazy(() => import('@/features/identity/components/set-profile-modal')), fullScreen: true },
  favoriteGroupPicker: { component: favorites('favoriteGroupPicker') },
  editFavoriteStocks: { component: favorites('editFavoriteStocks'), fullScreen: true },
  addTopicStocks: { component: favorites('addTopicStocks') },
  addRecentStocks: { component: favorites('addRecentStocks'), fullScreen: true },
  report: { component: social('report') },
  commentSetting: { component: social('setting') },
  postSetting: { component: social('setting') },
  appDownload: { component: social('appDownload') },
  postImageViewer: { component: social('postImageViewer'), fullScreen: true },
  share: { component: lazy(() => import('@/components/share/share-modal')), sheet: true },
  moveReasons: { component: lazy(() => import('./stocks/move-sheet')), sheet: true },
  order: { component: lazy(() => import('@/features/company/components/order-modal')), sheet: true },
  driverEvent: { component: lazy(() => import('@/features/site/components/driver-event-modal')) },
};
