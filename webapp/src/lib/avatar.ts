// Where a photo comes from: a member's or a contributor's `avatar_url` is a path on the main
// API host (`/api/avatars/{id}`), kept as 96 and 240 px squares. One address for every feature
// that shows one (the community, the profile, the insight contributors).
import { env } from '@/config/env';

/** The photo's address at `size` px: the square at or above what it is drawn at. */
export function avatarSrc(avatarUrl: string, size: 96 | 240): string {
  return `${env.MAIN_API_BASE}${avatarUrl}?size=${size}`;
}
