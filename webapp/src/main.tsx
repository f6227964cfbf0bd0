import { startApp } from './app/start';
import { applyFontSize, readFontSize } from '@/features/preferences/font-size';

import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root element');

// Before the first render, so no text is laid out twice (spec §3 Preferences fontSizeType).
applyFontSize(readFontSize());
startApp(root);
