import { login } from '../login';

import './identity.css';

/**
 * What a members-only screen (useRequireLogin) shows a visitor: on the way to the login, or
 * back from a failed or cancelled one, where 로그인 starts another.
 */
export function SignInPrompt() {
  return (
    <div className="signin-prompt">
      <p>로그인이 필요합니다.</p>
      <button type="button" className="button" onClick={() => login()}>
        로그인
      </button>
    </div>
  );
}
