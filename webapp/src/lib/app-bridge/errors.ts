// The app bridge's errors (spec §8 "App bridge errors", §5 "URL builder"): one stable snake_case
// code each (as the server's catalogue, `{error, message}`), with the Korean message a person
// may read. They never cross the network; docs/app-bridge.md, "Errors", lists them for the app
// teams. The maintenance check's errors (spec §8) are the page's, not the bridge's: a browser,
// which never loads this module, has them too (lib/maintenance.ts).
import { reportError } from '@/lib/error-reporting';

export const BRIDGE_MESSAGES = {
  /** The user agent names an app, but its native side is not there. */
  bridge_init_failed: 'SDK 초기화에 실패했습니다.',
  /** A call before the bridge was set up, or after its set-up failed. */
  bridge_not_initialized: 'SDK가 초기화되지 않았습니다.',
  /** The native side threw when called, or answered with an error. */
  bridge_call_failed: '인터페이스 호출 중 오류가 발생했습니다.',
  /** A message from the app without an event name. */
  bridge_event_bus_empty: '이벤트 버스에 전달된 이벤트가 없습니다.',
  /** The app has no function of that name (on iOS: no answer to the check within 300 ms). */
  bridge_no_runner: '인터페이스를 실행할 수 있는 기능이 앱에 없습니다.',
  /** A message from the app that does not parse, or an event handler that failed. */
  bridge_event_bus_error: '이벤트 버스 처리 중 오류가 발생했습니다.',
  /** No answer within the call's time. */
  bridge_timeout: '응답 시간이 초과되었습니다.',
  /** spec §5: an empty token or quotation token from the app is refused. */
  bridge_empty_token: '앱에서 받은 토큰이 비어 있습니다.',
  /** A deep link's app address could not be made. */
  scheme_build_failed: '앱 주소를 만들 수 없습니다.',
  /** The app address could not be opened (spec §4: warp to the app fails on a desktop). */
  scheme_launch_failed: '앱을 열 수 없습니다.',
  /** The user agent names the app but not in the marker's form. */
  user_agent_unreadable: '사용자 에이전트를 해석할 수 없습니다.',
  /** spec §5 URL builder: a required route parameter has no value. */
  missing_route_parameter: '필수 경로 매개변수가 없습니다.',
  /** spec §5 URL builder: more positional values than the pattern has places. */
  too_many_positional_parameters: '위치 매개변수가 너무 많습니다.',
} as const;

export type BridgeErrorCode = keyof typeof BRIDGE_MESSAGES;

/** What a scheme error carries (spec §8: "carrying scheme type and scheme"). */
export type SchemeDetail = { schemeType: string; scheme: string };

export class AppBridgeError extends Error {
  readonly code: BridgeErrorCode;
  /** What went wrong beyond the message: the call, the parameter, the scheme. */
  readonly detail: Record<string, unknown>;

  constructor(code: BridgeErrorCode, detail: Record<string, unknown> = {}, message: string = BRIDGE_MESSAGES[code]) {
    super(message);
    this.name = 'AppBridgeError';
    this.code = code;
    this.detail = detail;
  }

  /** The server catalogue's shape. */
  toJSON(): { error: BridgeErrorCode; message: string } & Record<string, unknown> {
    return { error: this.code, message: this.message, ...this.detail };
  }
}

/** Scheme errors name the scheme type (the target) and the scheme in their message too. */
export function schemeError(
  code: 'scheme_build_failed' | 'scheme_launch_failed',
  { schemeType, scheme }: SchemeDetail,
  reason?: string,
): AppBridgeError {
  const message = `${BRIDGE_MESSAGES[code]} (${schemeType}: ${scheme})${reason ? ` ${reason}` : ''}`;
  return new AppBridgeError(code, { schemeType, scheme }, message);
}

/**
 * Where the bridge's errors that no caller waits for go (a failed event handler, a message
 * that does not parse): reported (lib/error-reporting.ts, kind `bridge`), never shown (spec §4),
 * and on the console for whoever debugs the page.
 */
export function reportBridgeError(error: unknown): void {
  console.warn('app bridge:', error instanceof AppBridgeError ? error.toJSON() : error);
  reportError('bridge', error);
}
