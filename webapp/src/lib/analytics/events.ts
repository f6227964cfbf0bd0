// An analytics event as the page sends it (docs/app-bridge.md, "Analytics"), and spec §5's
// checks made before it joins a queue: the server refuses a whole batch for one bad event.

/** One event of `POST /api/analytics/events`. */
export type AnalyticsEventBody = {
  /** A UUID: a batch sent again is counted once. */
  id: string;
  name: string;
  /** When it happened (epoch ms). */
  time: number;
  /** The route pattern of the page (`/m/stocks/:securityId`). */
  screen: string | null;
  properties: Record<string, unknown> | null;
  user_properties: Record<string, UserPropertyValue> | null;
};

type Scalar = number | string | boolean;
export type UserPropertyValue = Scalar | Scalar[];

/** spec §5: at most this many user properties. */
export const MAX_USER_PROPERTIES = 1000;
/** The server's bounds of an event (docs/api.md). */
export const MAX_PROPERTIES = 100;
export const MAX_SCREEN_CHARS = 200;
const EVENT_NAME = /^[a-z0-9_]{1,40}$/;

export const ANALYTICS_MESSAGES = {
  analytics_not_initialized: '분석 도구가 초기화되지 않았습니다.',
  invalid_event_name: '이벤트 이름이 올바르지 않습니다.',
  too_many_properties: '이벤트 속성이 너무 많습니다.',
  too_many_user_properties: '사용자 속성은 1000개까지입니다.',
  invalid_user_property: '사용자 속성 값은 숫자, 문자열, 불리언 또는 그 배열이어야 합니다.',
  invalid_revenue_quantity: '매출 수량은 0보다 커야 합니다.',
} as const;

export type AnalyticsErrorCode = keyof typeof ANALYTICS_MESSAGES;

export class AnalyticsError extends Error {
  override readonly name = 'AnalyticsError';
  readonly code: AnalyticsErrorCode;
  readonly detail: Record<string, unknown>;

  constructor(code: AnalyticsErrorCode, detail: Record<string, unknown> = {}) {
    super(ANALYTICS_MESSAGES[code]);
    this.code = code;
    this.detail = detail;
  }

  toJSON(): { error: AnalyticsErrorCode; message: string } & Record<string, unknown> {
    return { error: this.code, message: this.message, ...this.detail };
  }
}

const isScalar = (value: unknown): value is Scalar =>
  (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'string' || typeof value === 'boolean';

/** spec §5: at most 1000 keys, each value a number, string, boolean or an array of those. */
export function checkUserProperties(properties: Record<string, unknown>): Record<string, UserPropertyValue> {
  const keys = Object.keys(properties);
  if (keys.length > MAX_USER_PROPERTIES) throw new AnalyticsError('too_many_user_properties', { keys: keys.length });
  for (const key of keys) {
    const value = properties[key];
    if (!(isScalar(value) || (Array.isArray(value) && value.every(isScalar)))) {
      throw new AnalyticsError('invalid_user_property', { key });
    }
  }
  return properties as Record<string, UserPropertyValue>;
}

/** An event's own checks: its name, its properties' count, and spec §5's revenue quantity above 0. */
export function checkEvent(name: string, properties: Record<string, unknown> | null): void {
  if (!EVENT_NAME.test(name)) throw new AnalyticsError('invalid_event_name', { name });
  if (properties && Object.keys(properties).length > MAX_PROPERTIES) {
    throw new AnalyticsError('too_many_properties', { name });
  }
  if (name === 'revenue') {
    const quantity = properties?.quantity;
    if (!(typeof quantity === 'number' && quantity > 0)) throw new AnalyticsError('invalid_revenue_quantity', { quantity });
  }
}
