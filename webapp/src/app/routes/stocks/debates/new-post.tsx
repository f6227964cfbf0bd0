import { useParams } from 'react-router';

import { socialPaths } from '@/config/social-paths';
import { SignInPrompt } from '@/features/identity/components/sign-in-prompt';
import { useRequireLogin } from '@/features/identity/login';
import { NewPostForm } from '@/features/social/components/new-post-form';
import { useGoBack } from '@/lib/navigation-history';

/**
 * /m/stocks/:securityId/debates/new: the new-post form, members only (a visitor goes to the
 * login and comes back here). Once written, the board with the post on top: back by the
 * distance to the board the write button remembered (spec §2 navigation), else the board in
 * place of the form.
 */
export default function NewPostRoute() {
  const { securityId = '' } = useParams();
  const signedIn = useRequireLogin();
  const goBack = useGoBack();
  return (
    <>
      <title>글쓰기 : 시세</title>
      <h2 className="page-section-title">글쓰기</h2>
      {signedIn ? (
        <NewPostForm
          securityId={securityId}
          onPosted={() => goBack(socialPaths.board.getHref(securityId))}
        />
      ) : (
        <SignInPrompt />
      )}
    </>
  );
}
