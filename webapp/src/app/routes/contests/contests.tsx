import { ContestList, ContestRules } from '@/features/contests/components/contests';
import { login } from '@/features/identity/login';
import { useLogin } from '@/features/identity/use-login';

import '../my/my.css';

/** /m/contests (대회): the contests with their state, the rules, and a member's entry. */
export default function ContestsRoute() {
  const { isAuthenticated } = useLogin();
  return (
    <>
      <title>수익률 대회 : 시세</title>
      <h1 className="my-page__title">수익률 대회</h1>
      <ContestList signedIn={isAuthenticated} onLogin={() => login()} />
      <ContestRules />
    </>
  );
}
