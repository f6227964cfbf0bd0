import { Link, useLocation } from 'react-router';

import { paths } from '@/config/paths';

import { login } from '../login';
import { useLogin } from '../use-login';
import { useMe } from '../queries';

/**
 * The header's sign-in entry: 로그인 for a visitor, the member's nickname (linking to 설정)
 * once signed in. Loaded after the first render (app/routes/root.tsx), never prerendered.
 */
export default function AccountEntry() {
  const { isAuthenticated } = useLogin();
  const { data: user } = useMe();
  const location = useLocation();
  if (isAuthenticated) {
    return (
      <Link to={paths.settings.getHref()} className="app-header__account">
        {user?.name ?? '설정'}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className="app-header__account"
      onClick={() => login(location.pathname + location.search)}
    >
      로그인
    </button>
  );
}
