// Where pictures come from: a post's stored JPEGs (360 px for thumbnails, 1280 px for the
// viewer) on the social host, a member's photo on the main host.
import { env } from '@/config/env';
import { avatarSrc as photoSrc } from '@/lib/avatar';

import { apiPath } from '../api/path';

export function postImageSrc(imageId: string, size: 360 | 1280): string {
  return `${env.SOCIAL_API_BASE}${apiPath('/api/v1/post_images/{id}', { id: imageId })}?size=${size}`;
}

/** A member's photo beside a post, a comment or a name (lib/avatar.ts: 96 px). */
export function avatarSrc(avatarUrl: string): string {
  return photoSrc(avatarUrl, 96);
}
