import { capListName, DEFAULT_LIST_NAME, LIST_NAME_MAX_LENGTH } from '../utils/list-name';

type ListNameInputProps = {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  autoFocus?: boolean;
  onBlur?: () => void;
  onEnter?: () => void;
};

/** A group's name box: at most 12 characters are kept, 관심그룹 when left empty (spec §5). */
export function ListNameInput({ value, onChange, label = '그룹 이름', autoFocus, onBlur, onEnter }: ListNameInputProps) {
  return (
    <input
      className="favorites-name-input"
      aria-label={label}
      value={value}
      placeholder={DEFAULT_LIST_NAME}
      maxLength={LIST_NAME_MAX_LENGTH}
      autoFocus={autoFocus}
      onChange={(event) => onChange(capListName(event.target.value))}
      onBlur={onBlur}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !event.nativeEvent.isComposing) onEnter?.();
      }}
    />
  );
}
