// Types of fake-native.js (plain JavaScript: Playwright sends its source to the page).
export type FakeNativeConfig = {
  os: 'ios' | 'android';
  token?: string;
  quotationToken?: string;
  userInfo?: { userId: string; name?: string } | null;
  userId?: string | null;
  appInfo?: { version: string; os: 'ios' | 'android' };
  alarmEnabled?: boolean;
  fontSizeLevel?: number;
  emergencySkip?: boolean;
  storage?: Record<string, string>;
  /** Functions this app does not have. */
  missing?: string[];
  /** Calls this app never answers (`checkFunction` too). */
  silent?: string[];
  /** Whether `reload` reloads the page (it only records it otherwise). */
  reloadPage?: boolean;
};

export type FakeNative = {
  config: FakeNativeConfig;
  calls: { name: string; params: Record<string, unknown> }[];
  opened: string[];
  fire: (event: string, payload?: unknown) => void;
  set: (key: string, value: unknown) => void;
};

export function installFakeNative(config: FakeNativeConfig): void;

declare global {
  interface Window {
    __fakeNative?: FakeNative;
  }
}
