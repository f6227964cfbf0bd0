// Members of the native apps for the end-to-end tests: sign-up is the app's (spec §1), so a test
// gets a messenger token from the development messenger the server embeds (what the app holds
// after its own login) and signs the member up through the API, as the app would.
//
//   const messenger = await messengerConfig(baseUrl);
//   const token = await messengerToken(baseUrl, messenger, '앱회원');
//   await signUpInApp(baseUrl, token);
import assert from 'node:assert/strict';

/** The development messenger's addresses, as the gateway writes them into the page. */
export async function messengerConfig(baseUrl) {
  const html = await (await fetch(`${baseUrl}/m/search`)).text();
  const meta = (name) => new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1];
  const auth = meta('sise-kakao-auth');
  const appKey = meta('sise-kakao-app-key');
  assert.ok(auth && appKey, 'the page names the development messenger login');
  return { auth: new URL(auth, baseUrl).href.replace(/\/$/, ''), appKey };
}

/** A new test account's messenger token (what the app holds after its own login). */
export async function messengerToken(baseUrl, { auth, appKey }, nickname) {
  const redirectUri = `${baseUrl}/m/oauth/kakao`;
  const authorize = await fetch(`${auth}/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ client_id: appKey, redirect_uri: redirectUri, state: 'app', nickname }),
  });
  const code = new URL(authorize.headers.get('location') ?? '').searchParams.get('code');
  assert.ok(code, `no code for ${nickname}`);
  const token = await fetch(`${auth}/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'authorization_code', client_id: appKey, redirect_uri: redirectUri, code }),
  });
  assert.equal(token.status, 200);
  return (await token.json()).access_token;
}

/** `POST {baseUrl}{path}` with a JSON body, signed with `accessToken` when given: `{status, json}`. */
export async function postJson(baseUrl, path, body, accessToken) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = await response.json().catch(() => null);
  return { status: response.status, json };
}

/** Signs the holder of a messenger token up (all agreements), as the app does. */
export async function signUpInApp(baseUrl, token) {
  const signup = await postJson(baseUrl, '/main/api/users', {
    kakao_access_token: token,
    agreements: { service_age: true, service: true, private_collect: true },
  });
  assert.equal(signup.status, 201, JSON.stringify(signup.json));
  return signup.json.user;
}
