// Every community modal in one chunk: the registry (app/modals.tsx, in the shell) then needs one
// dynamic import for all of them, which keeps the shell's share a few bytes.
export { default as report } from '@/features/social/components/report-modal';
export { default as setting } from '@/features/social/components/setting-modal';
export { default as appDownload } from '@/features/social/components/app-download-modal';
export { default as postImageViewer } from '@/features/social/components/post-image-viewer';
