// A link that, inside an app, opens a deep-link target through the app's scheme instead of its
// web address (spec §2): its click handler. The deep links' code is fetched on the first such
// click, so a page in a browser never loads it.
import type { MouseEvent } from 'react';

import { currentAppType } from './app-type';
import type { DeepLinkParams, DeepLinkTarget } from './deep-links';

export function openInAppOnClick<T extends DeepLinkTarget>(target: T, params: DeepLinkParams[T]) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (!currentAppType()) return;
    event.preventDefault();
    import('./deep-links')
      .then(({ openDeepLink }) => openDeepLink(target, params))
      // The bridge's errors module is not loaded for this: the error says what it is.
      .catch((error: unknown) => console.warn('app bridge:', error));
  };
}
