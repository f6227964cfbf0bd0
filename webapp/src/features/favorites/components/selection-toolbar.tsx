type SelectionToolbarProps = {
  /** How many are selected. */
  count: number;
  onClear: () => void;
  /** The action on the selection (삭제, 담기), followed by the count when there is one. */
  actionLabel: string;
  onAction: () => void;
  /** Disabled for another reason than an empty selection (a request running, no groups yet). */
  actionDisabled?: boolean;
};

/** 선택 해제 and the action on the selected rows, under an editor's or a picker's list. */
export function SelectionToolbar({ count, onClear, actionLabel, onAction, actionDisabled = false }: SelectionToolbarProps) {
  return (
    <div className="favorites-toolbar">
      <button type="button" className="button button--secondary" disabled={count === 0} onClick={onClear}>
        선택 해제
      </button>
      <button type="button" className="button" disabled={count === 0 || actionDisabled} onClick={onAction}>
        {`${actionLabel}${count > 0 ? ` (${count})` : ''}`}
      </button>
    </div>
  );
}
