// The community's modals, added to the app's modal registry (components/modals/modal-store.ts);
// app/modals.tsx maps each to its component.
import type { PostImage, ReportedType } from './types';

declare module '@/components/modals/modal-store' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- merges into the registry
  interface ModalRegistry {
    /** Report a post or a comment (spec §2, §4, §5): one of seven reasons, text only with 기타. */
    report: { type: ReportedType; id: number };
    /** A comment's menu (spec §2): delete for the member's own (after a confirm), report otherwise. */
    commentSetting: { mine: boolean; onDelete: () => void; onReport: () => void };
    /** A post's menu, the same choices as a comment's. */
    postSetting: { mine: boolean; onDelete: () => void; onReport: () => void };
    /** The write-post button in a browser (spec §2): the app (open it, or get it), or write on the web. */
    appDownload: { writeHref: string; securityId: string };
    /** A post's pictures at full size (spec §2 post image viewer), from `index`. */
    postImageViewer: { images: readonly PostImage[]; index: number };
  }
}

export {};
