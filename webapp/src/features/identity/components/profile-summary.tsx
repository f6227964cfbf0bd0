import { openModal } from '@/components/modals/modal-store';

import { avatarSrc } from '../api';
import '../modals';
import { useMe } from '../queries';

/** The member's photo and nickname, and 프로필 수정 (the setProfile modal). */
export function ProfileSummary() {
  const { data: user } = useMe();
  return (
    <div className="settings__profile">
      {user?.avatar_url ? (
        <img className="settings__avatar" src={avatarSrc(user.avatar_url, 96)} alt="" />
      ) : (
        <span className="settings__avatar" aria-hidden="true" />
      )}
      <span className="settings__name">{user?.name ?? ''}</span>
      <button type="button" className="button button--secondary" onClick={() => openModal({ type: 'setProfile', props: {} })}>
        프로필 수정
      </button>
    </div>
  );
}
