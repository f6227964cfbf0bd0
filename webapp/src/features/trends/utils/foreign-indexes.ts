// The groups of 해외 in the order and words of the screen.
import type { ForeignIndexGroup } from '../types';

export const FOREIGN_INDEX_GROUPS: readonly { group: ForeignIndexGroup; title: string }[] = [
  { group: 'major_indexes', title: '주요 지수' },
  { group: 'asia_indexes', title: '아시아' },
  { group: 'america_indexes', title: '미국' },
  { group: 'europe_indexes', title: '유럽' },
];
