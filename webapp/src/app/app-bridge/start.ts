// The app bridge at start, inside an app only (app/start.tsx imports this lazily when the user
// agent names an app; in a browser it is never loaded): the bridge takes the app's messages
// over from the shell's queue, and the app's font size is applied before the page is read.
// A refused session token is renewed through the app from now on (appApiAuth). The rest of the
// start-up (the member's token, the app's states) is the host's, which has the router and the
// query cache (app-bridge-host.tsx).
import { appApiAuth } from '@/features/identity/app-login';
import { setFontSize } from '@/features/preferences/use-font-size';
import { configureApiAuth } from '@/lib/api';
import { getAppBridge } from '@/lib/app-bridge/bridge';
import { reportBridgeError } from '@/lib/app-bridge/errors';

import { fontSizeOfLevel } from './event-handlers';

export function startAppBridge(): void {
  configureApiAuth(appApiAuth);
  const bridge = getAppBridge();
  bridge
    .getFontSize()
    .then((level) => setFontSize(fontSizeOfLevel(level)))
    .catch(reportBridgeError);
}
