import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';

import { Loading } from '@/components/ui/loading';
import type { ModalProps } from '@/components/modals/modal-host';
import { openModal } from '@/components/modals/modal-store';
import { ModalPage } from '@/components/modals/modal-page';
import { ApiError } from '@/lib/api';
import { asApiError } from '@/lib/api/as-api-error';

import '../modals';
import { NICKNAME_REFUSED_CODE, avatarSrc, updateMe, updateSetting, uploadAvatar, type User } from '../api';
import { getAccessToken } from '../login-store';
import { useMe, userKeys } from '../queries';
import {
  BIRTH_YEAR_PLACEHOLDER,
  PROFILE_PLACEHOLDERS,
  birthYearOptions,
  formGender,
  nicknameOnBlur,
  profileError,
  type ProfileFormFields,
} from '../utils/profile';

import './identity.css';

const showServerMessage = (error: unknown) =>
  openModal({
    type: 'alert',
    props: { message: asApiError(error).message },
  });

type Fields = ProfileFormFields;

function fieldsOf(user: User): Fields {
  return {
    name: user.name,
    birthYear: user.birth_year === null ? BIRTH_YEAR_PLACEHOLDER : String(user.birth_year),
    // First time (null or 0): 1 (spec §4).
    gender: formGender(user.gender),
    email: user.email ?? '',
    openFavoriteStocks: user.open_favorite_stocks,
  };
}

function ProfileForm({ user, close }: { user: User; close: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [fields, setFields] = useState(() => fieldsOf(user));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [avatarUrl, setAvatarUrl] = useState(user.avatar_url);
  // The last accepted nickname: what a too long one is replaced with on blur.
  const acceptedName = useRef(user.name);
  const years = birthYearOptions();

  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setFields((current) => ({ ...current, [key]: value }));
    setError(null);
  };

  const onNameBlur = () => {
    const { name, message } = nicknameOnBlur(fields.name, acceptedName.current);
    acceptedName.current = name;
    setFields((current) => ({ ...current, name }));
    setError(message);
  };

  const onAvatar = async (file: File | undefined) => {
    const token = getAccessToken();
    if (!file || !token) return;
    try {
      const { user: updated } = await uploadAvatar(token, file);
      setAvatarUrl(updated.avatar_url);
      queryClient.setQueryData(userKeys.me(), updated);
    } catch (caught) {
      showServerMessage(caught);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = profileError(fields);
    if (invalid) {
      setError(invalid);
      return;
    }
    setSaving(true);
    try {
      await updateMe({
        name: fields.name.trim(),
        birth_year: Number(fields.birthYear),
        gender: fields.gender ?? 1,
        email: fields.email.trim() === '' ? null : fields.email.trim(),
      });
      if (fields.openFavoriteStocks !== user.open_favorite_stocks) {
        await updateSetting({ open_favorite_stocks: fields.openFavoriteStocks });
      }
      await queryClient.invalidateQueries({ queryKey: userKeys.me() });
      close();
    } catch (caught) {
      // A refused nickname (code -1) brings the saved one back (spec §8).
      if (caught instanceof ApiError && caught.body.code === NICKNAME_REFUSED_CODE) {
        acceptedName.current = user.name;
        setFields((current) => ({ ...current, name: user.name }));
      }
      showServerMessage(caught);
      setSaving(false);
    }
  };

  // spec §4: the back action resets the fields to the placeholders (gender 1, favorites public)
  // and leaves; unsaved changes are gone, the next modal starts from the member in the cache.
  const onBack = () => {
    acceptedName.current = PROFILE_PLACEHOLDERS.name;
    setFields(PROFILE_PLACEHOLDERS);
    setError(null);
    close();
  };

  return (
    <ModalPage title="프로필 설정" backLabel="뒤로 가기" onBack={onBack}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="avatar">
          {avatarUrl ? (
            <img className="avatar__image" src={avatarSrc(avatarUrl)} alt="프로필 사진" />
          ) : (
            <span className="avatar__image" aria-hidden="true" />
          )}
          <label className="button button--secondary avatar__upload">
            사진 변경
            <input type="file" accept="image/*" onChange={(event) => void onAvatar(event.target.files?.[0])} />
          </label>
        </div>

        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-name`}>
            닉네임
          </label>
          <input
            id={`${id}-name`}
            type="text"
            value={fields.name}
            placeholder="닉네임을 입력해주세요."
            onChange={(event) => set('name', event.target.value)}
            onBlur={onNameBlur}
          />
        </div>

        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-birth`}>
            출생년도
          </label>
          <select id={`${id}-birth`} value={fields.birthYear} onChange={(event) => set('birthYear', event.target.value)}>
            <option value={BIRTH_YEAR_PLACEHOLDER}>{BIRTH_YEAR_PLACEHOLDER}</option>
            {years.map((year) => (
              <option key={year} value={String(year)}>
                {year}
              </option>
            ))}
          </select>
        </div>

        <fieldset className="form-field form-field--group">
          <legend className="form-field__label">성별</legend>
          <div className="form-field__choices">
            {(
              [
                [1, '남성'],
                [2, '여성'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="form-choice">
                <input
                  type="radio"
                  name={`${id}-gender`}
                  checked={fields.gender === value}
                  onChange={() => set('gender', value)}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-email`}>
            이메일
          </label>
          <input
            id={`${id}-email`}
            type="email"
            value={fields.email}
            placeholder="이메일을 입력해주세요."
            onChange={(event) => set('email', event.target.value)}
          />
        </div>

        <fieldset className="form-field form-field--group">
          <legend className="form-field__label">관심종목 공개</legend>
          <div className="form-field__choices">
            {(
              [
                [true, '공개'],
                [false, '비공개'],
              ] as const
            ).map(([value, label]) => (
              <label key={label} className="form-choice">
                <input
                  type="radio"
                  name={`${id}-open`}
                  checked={fields.openFavoriteStocks === value}
                  onChange={() => set('openFavoriteStocks', value)}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>

        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button form-submit" disabled={saving}>
          저장
        </button>
      </form>
    </ModalPage>
  );
}

/**
 * The member's profile (spec §2 setProfile, full screen), its fields from the member in the
 * query cache (put there by the login too, so the form opens at once after a sign-up).
 */
export default function SetProfileModal({ close }: ModalProps<'setProfile'>) {
  const { data: user, isError } = useMe();
  if (user) return <ProfileForm user={user} close={close} />;
  return (
    <ModalPage title="프로필 설정" onBack={close}>
      {isError ? <p className="form-error">프로필을 불러오지 못했습니다.</p> : <Loading />}
    </ModalPage>
  );
}
