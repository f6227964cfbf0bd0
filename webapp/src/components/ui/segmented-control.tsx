import './segmented-control.css';

export type SegmentedOption<T extends string> = {
  value: T;
  label: string;
};

type SegmentedControlProps<T extends string> = {
  options: readonly SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Accessible name of the group, e.g. `시장`. */
  label: string;
  className?: string;
};

/**
 * A row of toggle buttons of which one is chosen (a view of the same list: 전체 / 코스피 /
 * 코스닥, 뉴스 / 검색 / 거래대금, …). The chosen one has `aria-pressed="true"`.
 */
export function SegmentedControl<T extends string>({ options, value, onChange, label, className }: SegmentedControlProps<T>) {
  return (
    <div className={['segmented', className].filter(Boolean).join(' ')} role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={option.value === value ? 'segmented__item segmented__item--active' : 'segmented__item'}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
