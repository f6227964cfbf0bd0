import type { ChangeDisplay } from '@/lib/change-display';
import { formatNumber, formatSignedPercent } from '@/lib/format';

type Props = {
  close: number;
  /** Against the previous day; null when that day is not loaded (or there is none). */
  change: number | null;
  changeRate: number | null;
  display: ChangeDisplay;
};

/** 종가 · 전일비 · 등락률 cells of a daily table row, coloured by the day's direction. */
export function DailyChangeCells({ close, change, changeRate, display }: Props) {
  return (
    <>
      <td className={display.className}>{formatNumber(close)}</td>
      <td className={display.className}>
        {change === null ? (
          '-'
        ) : (
          <>
            {display.arrow ? <span aria-label={display.label}>{display.arrow} </span> : null}
            {formatNumber(Math.abs(change))}
          </>
        )}
      </td>
      <td className={display.className}>{formatSignedPercent(changeRate)}</td>
    </>
  );
}
