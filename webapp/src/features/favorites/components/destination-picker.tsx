import type { FavoriteStockLists } from '../api';
import { listFullMessage } from '../utils/picker';

import { ListNameInput } from './list-name-input';

/** `null`: a new group (named in the box); else an existing group's id. */
export type DestinationChoice = number | null;

type DestinationPickerProps = {
  lists: FavoriteStockLists;
  choice: DestinationChoice;
  onChoice: (choice: DestinationChoice) => void;
  newName: string;
  onNewName: (name: string) => void;
  /** How many stocks are about to go in (a group without room for them is disabled). */
  adding: number;
  error: string | null;
};

/** Where picked stocks go: a new group (name capped at 12, 관심그룹 by default) or one of the member's. */
export function DestinationPicker({ lists, choice, onChoice, newName, onNewName, adding, error }: DestinationPickerProps) {
  const canCreate = lists.favorite_stock_lists.length < lists.max_lists;
  return (
    <fieldset className="favorite-destination">
      <legend>담을 관심그룹</legend>
      {canCreate ? (
        <label className="favorite-destination__option">
          <input type="radio" name="destination" checked={choice === null} onChange={() => onChoice(null)} /> 새 그룹
          {choice === null ? <ListNameInput label="새 그룹 이름" value={newName} onChange={onNewName} /> : null}
        </label>
      ) : null}
      {lists.favorite_stock_lists.map((list) => {
        const full = list.favorite_stocks_count + Math.max(adding, 1) > lists.max_stocks_per_list;
        return (
          <label key={list.id} className="favorite-destination__option">
            <input
              type="radio"
              name="destination"
              checked={choice === list.id}
              disabled={full}
              onChange={() => onChoice(list.id)}
            />{' '}
            {list.name} <span className="favorite-group__count">{list.favorite_stocks_count}</span>
            {full ? <span className="favorite-picker__reason"> {listFullMessage(lists.max_stocks_per_list)}</span> : null}
          </label>
        );
      })}
      {error ? (
        <p className="favorites-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
