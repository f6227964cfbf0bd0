// Error reporting (spec §4, §8): failures the reader is never shown (the start-up, a screen's
// chunk that does not load, the app bridge's, the maintenance check's) go to
// `POST /api/client-errors` on the main host, which logs them with the page, the app type and
// the release (docs/app-bridge.md, "Error reporting"). Bounded: at most MAX_REPORTS a page
// life, each message once. Reporting never throws and never waits for the answer.
//
// Not in the shell: the shell imports it lazily on a start-up failure; the route table (which
// watches the screens' chunks) and the bridge's errors import it.
import { env } from '@/config/env';

import { appTypeName } from './app-bridge/app-type';

export type ErrorKind = 'startup' | 'chunk_load' | 'runtime' | 'bridge' | 'maintenance';

export const ERROR_REPORTS_PATH = '/api/client-errors';
/** Reports one page life sends at most (the rest are dropped). */
export const MAX_REPORTS = 20;
/** The endpoint's bounds (characters). */
export const MAX_MESSAGE_CHARS = 2000;
export const MAX_STACK_CHARS = 8000;
export const MAX_PAGE_CHARS = 500;
/** The release a development page (no `<meta name="sise-release">`) names. */
export const UNKNOWN_RELEASE = 'dev';

export type ErrorReport = {
  kind: ErrorKind;
  message: string;
  stack: string | null;
  page: string;
  app_type: string;
  release: string;
};

const seen = new Set<string>();
let sent = 0;
/** The undos of the runtime errors' listeners installed (resetErrorReporting removes them). */
const installed = new Set<() => void>();

/** The error's own words: an Error's message (with its code and detail when it has them), else its text. */
function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const { toJSON } = error as { toJSON?: () => unknown };
    if (typeof toJSON === 'function') {
      try {
        return JSON.stringify(toJSON.call(error));
      } catch {
        // Fall back to the message below.
      }
    }
    return `${error.name}: ${error.message}`;
  }
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function release(doc: Document | undefined = globalThis.document): string {
  const content = doc?.querySelector<HTMLMetaElement>('meta[name="sise-release"]')?.content.trim();
  return content === undefined || content === '' ? UNKNOWN_RELEASE : content;
}

/** What a report of `error` says (exported for tests). */
export function errorReport(kind: ErrorKind, error: unknown): ErrorReport {
  const stack = error instanceof Error && error.stack ? clip(error.stack, MAX_STACK_CHARS) : null;
  const message = clip(messageOf(error).trim() || kind, MAX_MESSAGE_CHARS);
  const page = typeof location === 'undefined' ? '/' : clip(`${location.pathname}${location.search}`, MAX_PAGE_CHARS);
  return { kind, message, stack, page, app_type: appTypeName(), release: release() };
}

/**
 * Reports `error` as `kind`, once per message and at most MAX_REPORTS a page life. Sent with
 * `keepalive`, so a report made as the page goes away still leaves.
 */
export function reportError(kind: ErrorKind, error: unknown): void {
  try {
    const report = errorReport(kind, error);
    const key = `${kind}\n${report.message}`;
    if (seen.has(key) || sent >= MAX_REPORTS) return;
    seen.add(key);
    sent += 1;
    const base = new URL(env.MAIN_API_BASE, location.href).href.replace(/\/+$/, '');
    void globalThis
      .fetch(`${base}${ERROR_REPORTS_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(report),
        keepalive: true,
        credentials: 'same-origin',
      })
      // Nowhere left to report to: the report is lost, the page goes on.
      .catch(() => undefined);
  } catch {
    // Reporting must never be what breaks the page.
  }
}

/**
 * Errors nothing caught (a script's, a promise's rejection) are reported as `runtime`. Returns
 * the undo.
 */
export function reportRuntimeErrors(win: Window = window): () => void {
  const onError = (event: ErrorEvent) => reportError('runtime', event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => reportError('runtime', event.reason);
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  const undo = () => {
    installed.delete(undo);
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
  installed.add(undo);
  return undo;
}

/**
 * For tests: a new page life, nothing reported yet and no listener left of reportRuntimeErrors
 * (the app installs it for the page's life: app/after-paint.ts, never undone).
 */
export function resetErrorReporting(): void {
  for (const undo of [...installed]) undo();
  seen.clear();
  sent = 0;
}
