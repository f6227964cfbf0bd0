// What the app has told the page (the events of spec §4 that set a state rather than act): kept
// here for the components that show it (settings' 앱 section, the app bridge host's banners)
// and for the code that asks (the maintenance check's emergency skip). Lives as long as the page.
import { useSyncExternalStore } from 'react';

import type { AppInfo } from './protocol';

export type AppState = {
  appInfo: AppInfo | null;
  /** The app's notifications on or off. */
  alarmEnabled: boolean | null;
  /** The app's answer to "skip the maintenance check?" (spec §4). */
  emergencySkip: boolean;
  /** The real-time quotation token. */
  quotationToken: string | null;
  /** The member's investment level badge. */
  investmentLevelImage: string | null;
  /** New notifications since the page last showed them. */
  newNotifications: number;
  newNotificationTitle: string | null;
  /** Whether the app shows the chart image (spec §4 chart image toggle). */
  chartImageVisible: boolean;
  /** How far the app's pull-to-refresh is pulled, 0–1 (expanding progress). */
  pullProgress: number;
  /** A pull to refresh is refetching the page's data. */
  refreshing: boolean;
  /** The app's storage as it reported it (storage data events). */
  storage: Readonly<Record<string, string | null>>;
  /** What the app said it has or lacks (function availability events). */
  functions: Readonly<Record<string, boolean>>;
};

export const INITIAL_APP_STATE: AppState = {
  appInfo: null,
  alarmEnabled: null,
  emergencySkip: false,
  quotationToken: null,
  investmentLevelImage: null,
  newNotifications: 0,
  newNotificationTitle: null,
  chartImageVisible: true,
  pullProgress: 0,
  refreshing: false,
  storage: {},
  functions: {},
};

let state = INITIAL_APP_STATE;
const listeners = new Set<() => void>();

export function getAppState(): AppState {
  return state;
}

export function updateAppState(change: Partial<AppState> | ((current: AppState) => Partial<AppState>)): void {
  state = { ...state, ...(typeof change === 'function' ? change(state) : change) };
  for (const listener of listeners) listener();
}

export function resetAppState(): void {
  updateAppState(INITIAL_APP_STATE);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAppState(): AppState {
  return useSyncExternalStore(subscribe, getAppState, () => INITIAL_APP_STATE);
}
