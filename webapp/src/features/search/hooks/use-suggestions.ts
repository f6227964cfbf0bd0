import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { AUTOCOMPLETE_DEBOUNCE_MS } from '@/config/constants';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import { getAutocompleteQueryOptions } from '../api/get-autocomplete';
import type { FoundAsset } from '../types';
import { normalizeKeyword } from '../utils/keyword';

export type Suggestions = {
  assets: readonly FoundAsset[];
  /** An answer for what is typed now has arrived (`assets` are for it, and may be none). */
  isSettled: boolean;
};

const NONE: readonly FoundAsset[] = [];

/**
 * Suggestions for what is being typed: asked for once typing has paused for 150 ms, never for
 * a blank box. Each keyword is its own query; when the keyword changes (or the box is left)
 * before the answer came, its request is aborted (TanStack Query's `signal`: the query lost its
 * last observer). While the next answer is on its way, the last suggestions stay on screen.
 * `enabled: false` (the box is not in use) asks for nothing.
 */
export function useSuggestions(text: string, { enabled = true }: { enabled?: boolean } = {}): Suggestions {
  const typed = normalizeKeyword(text);
  const keyword = useDebouncedValue(typed, AUTOCOMPLETE_DEBOUNCE_MS);
  const options = getAutocompleteQueryOptions(keyword);
  const query = useQuery({
    ...options,
    enabled: enabled && options.enabled,
    placeholderData: keepPreviousData,
  });
  if (!enabled || typed === '' || query.data === undefined) return { assets: NONE, isSettled: false };
  return { assets: query.data.assets, isSettled: keyword === typed && !query.isPlaceholderData };
}
