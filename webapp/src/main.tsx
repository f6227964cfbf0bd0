import { startApp } from './app/start';
import { applyFontSize, readFontSize } from '@/features/preferences/font-size';

import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root element');

// Before the first render, so no text is laid out twice (spec §3 Preferences fontSizeType).
applyFontSize(readFontSize());
// Start-up failures (the route table's chunk not loading) are reported, not shown (spec §4).
startApp(root).catch((error: unknown) => {
  console.error('the app did not start', error);
  import('@/lib/error-reporting')
    .then(({ reportError }) => reportError('startup', error))
    .catch(() => undefined);
});
