import { useMutation, useQueryClient } from '@tanstack/react-query';

import { openModal } from '@/components/modals/modal-store';
import { asApiError } from '@/lib/api/as-api-error';

import { updateSetting, type User, type UserSetting } from '../api';
import { useSetting, userKeys } from '../queries';

/**
 * 관심종목 공개: PUT /users/me/setting, shown at once and put back if the server refuses; the
 * switch waits for the answer before it takes another tap.
 */
export function FavoritesVisibility() {
  const queryClient = useQueryClient();
  const { data } = useSetting();
  const mutation = useMutation({
    mutationFn: updateSetting,
    onMutate: (next: UserSetting) => {
      const previous = queryClient.getQueryData<UserSetting>(userKeys.setting());
      queryClient.setQueryData(userKeys.setting(), next);
      return { previous };
    },
    onError: (error, _next, context) => {
      queryClient.setQueryData(userKeys.setting(), context?.previous);
      openModal({ type: 'alert', props: { message: asApiError(error).message } });
    },
    onSuccess: (setting) => {
      queryClient.setQueryData(userKeys.setting(), setting);
      queryClient.setQueryData<User>(userKeys.me(), (user) => user && { ...user, ...setting });
    },
  });
  const open = data?.open_favorite_stocks;
  // One change at a time (disabled while it is sent): a tap meanwhile would ask for the value
  // already on its way, and two answers could arrive in either order.
  return (
    <label className="settings__row">
      <span>관심종목 공개</span>
      <input
        type="checkbox"
        role="switch"
        checked={open ?? false}
        disabled={open === undefined || mutation.isPending}
        onChange={() => mutation.mutate({ open_favorite_stocks: !open })}
      />
    </label>
  );
}
