// What the page and the native app say to each other (docs/app-bridge.md is the contract an
// app team builds against): the calls of spec §7 with their parameters, the events of spec §4
// with their payloads, and which event answers which call.
//
// A call goes to the app as `{id, name, params}`; an answer comes back as an event carrying the
// call's `id` (`{id, event, payload}`) or `{id, error: {code, message}}`; an event without an
// id is the app's own news (the member changed the font size, pulled to refresh, …).

/** The member as the app knows them. */
export type AppUserInfo = { userId: string; name?: string; avatarUrl?: string | null };
/** The app's version and its device. */
export type AppInfo = { version: string; os: 'ios' | 'android'; osVersion?: string; deviceModel?: string };
/**
 * One analytics event, sent on through the app's own analytics (spec §7); the page's id, screen
 * and user properties too (docs/app-bridge.md, "Analytics").
 */
export type AnalyticsEvent = {
  name: string;
  properties?: Record<string, unknown>;
  timestamp?: number;
  id?: string;
  screen?: string;
  userProperties?: Record<string, unknown>;
};
/** A picture the member picked in the app for the post being written. */
export type AttachmentItem = { name: string; type: string; /** base64 */ data: string };
/** A favorite group as the app shows it. */
export type GroupInfo = { id: number; name: string; count?: number };
/** A native half-height sheet with a web page in it (spec §7 half view). */
export type HalfView = { url: string; title: string; subtitle?: string; height?: number; type?: string };

/** Every event of spec §4 (25) and its payload. */
export type BridgeEvents = {
  token: { token: string; expiresIn?: number };
  quotationToken: { token: string };
  backKey: Record<string, never>;
  groupInfos: { groups: GroupInfo[] };
  userInfo: { user: AppUserInfo | null };
  userId: { userId: string | null };
  appInfo: AppInfo;
  alarmState: { enabled: boolean };
  fontSizeLevel: { level: number };
  emergencySkip: { skip: boolean };
  shareClick: Record<string, never>;
  chartImage: { visible: boolean };
  storageData: { key: string; value: string | null };
  webVisibility: { visible: boolean };
  newNotification: { count?: number; title?: string };
  pullToRefresh: Record<string, never>;
  expandingProgress: { progress: number };
  postTagFilter: { tag: string };
  functionAvailability: { name: string; available: boolean };
  scrollTop: Record<string, never>;
  investmentLevelImage: { url: string | null };
  postWriteClick: { securityId?: string };
  attachmentItems: { items: AttachmentItem[] };
  enterCommunity: { securityId?: string };
  enterNewsroomTab: { tab?: string };
};

export type BridgeEventName = keyof BridgeEvents;

export const BRIDGE_EVENTS = [
  'token',
  'quotationToken',
  'backKey',
  'groupInfos',
  'userInfo',
  'userId',
  'appInfo',
  'alarmState',
  'fontSizeLevel',
  'emergencySkip',
  'shareClick',
  'chartImage',
  'storageData',
  'webVisibility',
  'newNotification',
  'pullToRefresh',
  'expandingProgress',
  'postTagFilter',
  'functionAvailability',
  'scrollTop',
  'investmentLevelImage',
  'postWriteClick',
  'attachmentItems',
  'enterCommunity',
  'enterNewsroomTab',
] as const satisfies readonly BridgeEventName[];

/** Every call of spec §7 and its parameters. */
export type BridgeCallParams = {
  getToken: { refresh: boolean };
  getQuotationToken: Record<string, never>;
  getUserInfo: Record<string, never>;
  getUserId: Record<string, never>;
  getAppInfo: Record<string, never>;
  getAlarmState: Record<string, never>;
  getFontSize: Record<string, never>;
  getEmergencySkip: Record<string, never>;
  getStorage: { key: string };
  setStorage: { key: string; value: string };
  openHalfView: HalfView;
  showToast: { message: string };
  share: { url: string; title: string; text?: string };
  close: Record<string, never>;
  reload: Record<string, never>;
  sendAnalyticsEvents: { events: AnalyticsEvent[] };
  sendMarketingEvent: { name: string; properties?: Record<string, unknown> };
  setMarketingAttribute: { key: string; value: string | number | boolean };
  agreeTerms: { key: string; redirectUrl: string };
  /** iOS only: whether the app has a function of this name (answered by functionAvailability). */
  checkFunction: { name: string };
};

export type BridgeCallName = keyof BridgeCallParams;

/** The event that answers each call that has an answer; the others resolve once sent. */
export const CALL_ANSWERS = {
  getToken: 'token',
  getQuotationToken: 'quotationToken',
  getUserInfo: 'userInfo',
  getUserId: 'userId',
  getAppInfo: 'appInfo',
  getAlarmState: 'alarmState',
  getFontSize: 'fontSizeLevel',
  getEmergencySkip: 'emergencySkip',
  getStorage: 'storageData',
  checkFunction: 'functionAvailability',
} as const satisfies Partial<Record<BridgeCallName, BridgeEventName>>;

export const BRIDGE_CALLS = [
  'getToken',
  'getQuotationToken',
  'getUserInfo',
  'getUserId',
  'getAppInfo',
  'getAlarmState',
  'getFontSize',
  'getEmergencySkip',
  'getStorage',
  'setStorage',
  'openHalfView',
  'showToast',
  'share',
  'close',
  'reload',
  'sendAnalyticsEvents',
  'sendMarketingEvent',
  'setMarketingAttribute',
  'agreeTerms',
] as const satisfies readonly BridgeCallName[];

/** What comes from the app: an event (an answer when it has the call's id) or a call's failure. */
export type NativeMessage = {
  id?: string;
  event?: string;
  payload?: unknown;
  error?: { code?: string; message?: string };
};

/** spec §1: the font size level a browser reports (the app's scale is 1–5, 3 the normal size). */
export const BROWSER_FONT_SIZE_LEVEL = 3;
