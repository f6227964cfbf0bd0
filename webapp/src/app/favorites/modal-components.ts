// Every favorites modal in one chunk: the registry (app/modals.tsx, in the shell) then needs
// one dynamic import for all four, which keeps the shell's share a few bytes.
export { default as favoriteGroupPicker } from '@/features/favorites/components/favorite-picker-modal';
export { default as editFavoriteStocks } from './edit-favorite-stocks-modal';
export { default as addTopicStocks } from './add-topic-stocks-modal';
export { default as addRecentStocks } from './add-recent-stocks-modal';
