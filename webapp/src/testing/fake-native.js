// A fake native side of the app bridge (docs/app-bridge.md): what the iOS or Android app does
// around the web view, played in the page itself. End-to-end tests inject it into Chromium
// before any page script (e2e/app-harness.mjs: Playwright's addInitScript); unit tests install
// it into jsdom (src/lib/app-bridge/bridge-contract.test.ts). It answers every call of the
// contract, fires any event on request, and takes the app-scheme links the page opens (a web
// view's navigation delegate does the same). Self-contained on purpose: Playwright sends the
// function's source to the page, so it may use nothing from outside.
//
// window.__fakeNative: { calls, opened, fire(event, payload), set(key, value), config }.

/**
 * @param {import('./fake-native').FakeNativeConfig} config
 */
export function installFakeNative(config) {
  const state = {
    token: 'fake-messenger-token',
    quotationToken: 'fake-quotation-token',
    userInfo: null,
    userId: null,
    appInfo: { version: '1.0.0', os: config.os },
    alarmEnabled: true,
    fontSizeLevel: 3,
    emergencySkip: false,
    storage: {},
    missing: [],
    silent: [],
    reloadPage: false,
    ...config,
  };
  const calls = [];
  const opened = [];
  const ANSWERS = {
    getToken: () => ['token', { token: state.token }],
    getQuotationToken: () => ['quotationToken', { token: state.quotationToken }],
    getUserInfo: () => ['userInfo', { user: state.userInfo }],
    getUserId: () => ['userId', { userId: state.userId }],
    getAppInfo: () => ['appInfo', state.appInfo],
    getAlarmState: () => ['alarmState', { enabled: state.alarmEnabled }],
    getFontSize: () => ['fontSizeLevel', { level: state.fontSizeLevel }],
    getEmergencySkip: () => ['emergencySkip', { skip: state.emergencySkip }],
    getStorage: (params) => ['storageData', { key: params.key, value: state.storage[params.key] ?? null }],
  };
  const DONE = {
    setStorage: (params) => {
      state.storage[params.key] = params.value;
    },
    openHalfView: () => {},
    showToast: () => {},
    share: () => {},
    close: () => {},
    reload: () => {
      if (state.reloadPage) window.location.reload();
    },
    sendAnalyticsEvents: () => {},
    sendMarketingEvent: () => {},
    setMarketingAttribute: () => {},
    agreeTerms: () => {},
  };
  const has = (name) => (name in ANSWERS || name in DONE) && !state.missing.includes(name);

  // What the app's evaluateJavascript does: hand the page a JSON text, a moment later.
  const deliver = (message) =>
    setTimeout(() => {
      const receiver = window.SiseBridge;
      if (receiver) receiver.receive(JSON.stringify(message));
    }, 0);

  const handle = (id, name, params) => {
    calls.push({ name, params });
    if (state.silent.includes(name)) return;
    if (name === 'checkFunction') {
      if (!state.silent.includes('checkFunction')) {
        deliver({ id, event: 'functionAvailability', payload: { name: params.name, available: has(params.name) } });
      }
      return;
    }
    if (!has(name)) return;
    if (name in ANSWERS) {
      const [event, payload] = ANSWERS[name](params);
      deliver({ id, event, payload });
    } else {
      DONE[name](params);
    }
  };

  if (config.os === 'ios') {
    // WKWebView: one script message handler; messages arrive as objects.
    window.webkit = {
      messageHandlers: {
        sise: {
          postMessage: (message) => handle(message.id, message.name, message.params ?? {}),
        },
      },
    };
  } else {
    // addJavascriptInterface: one method per function, each taking a JSON text.
    const android = {};
    for (const name of [...Object.keys(ANSWERS), ...Object.keys(DONE)]) {
      if (state.missing.includes(name)) continue;
      android[name] = (json) => {
        const message = JSON.parse(json);
        handle(message.id, name, message.params ?? {});
      };
    }
    window.SiseAndroid = android;
  }

  // The web view's navigation delegate: links to the app's schemes are the app's, not the page's.
  window.addEventListener(
    'click',
    (event) => {
      const target = event.target;
      const anchor = target && typeof target.closest === 'function' ? target.closest('a[href]') : null;
      if (anchor && /^sise(-[a-z]+)?:/i.test(anchor.getAttribute('href') ?? '')) {
        event.preventDefault();
        opened.push(anchor.getAttribute('href'));
      }
    },
    true,
  );

  window.__fakeNative = {
    config,
    calls,
    opened,
    fire: (event, payload = {}) => deliver({ event, payload }),
    set: (key, value) => {
      state[key] = value;
    },
  };
}
