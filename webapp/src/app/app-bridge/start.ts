// The app bridge at start, inside an app only (app/start.tsx imports this lazily when the user
// agent names an app; in a browser it is never loaded): the bridge takes the app's messages
// over from the shell's queue, and the app's font size is applied before the page is read.
// The rest of the start-up (the member's token, the app's states) is the host's, which has the
// router and the query cache (app-bridge-host.tsx).
import { setFontSize } from '@/features/preferences/use-font-size';
import { getAppBridge } from '@/lib/app-bridge/bridge';
import { reportBridgeError } from '@/lib/app-bridge/errors';

import { fontSizeOfLevel } from './event-handlers';

export function startAppBridge(): void {
  const bridge = getAppBridge();
  bridge
    .getFontSize()
    .then((level) => setFontSize(fontSizeOfLevel(level)))
    .catch(reportBridgeError);
}
