import { useId, useState } from 'react';

import { Section } from '@/components/ui/section';
import { formatNumber, formatTime } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import { useForexCalc } from '../api/get-forex-calc';
import { currencyName, type ForexPair } from '../utils/forex';

import './forex-converter.css';

const INPUT_DEBOUNCE_MS = 300;

/** Largest amount the converter sends (keeps the input sane). */
const MAX_AMOUNT = 1_000_000_000_000;

/** `1,234.5` typed with separators → 1234.5; null when not a positive number within range. */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/,/g, '').trim();
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return value > 0 && value <= MAX_AMOUNT ? value : null;
}

/** 환율 계산기: converts an amount between the pair's currencies at the current rates (forex_calcs). */
export function ForexConverter({ pair }: { pair: ForexPair }) {
  const inputId = useId();
  const [reversed, setReversed] = useState(false);
  const [text, setText] = useState(String(pair.unit));
  const from = reversed ? pair.quote : pair.base;
  const to = reversed ? pair.base : pair.quote;
  // Typing sends one request once the amount rests, not one per keystroke.
  const amount = useDebouncedValue(parseAmount(text), INPUT_DEBOUNCE_MS);
  const calcQuery = useForexCalc({ from, to, amount: amount ?? 0 }, { enabled: amount !== null });
  const calc = amount !== null ? calcQuery.data?.forex_calc : undefined;

  return (
    <Section title="환율 계산기" testId="forex-converter">
      <div className="forex-converter">
        <label className="forex-converter__row" htmlFor={inputId}>
          <span className="forex-converter__currency">
            {currencyName(from)} <small>{from}</small>
          </span>
          <input
            id={inputId}
            className="forex-converter__input"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={parseAmount(text) === null}
          />
        </label>
        <button
          type="button"
          className="forex-converter__swap"
          aria-label="통화 바꾸기"
          onClick={() => setReversed((value) => !value)}
        >
          ⇅
        </button>
        <div className="forex-converter__row">
          <span className="forex-converter__currency">
            {currencyName(to)} <small>{to}</small>
          </span>
          <output className="forex-converter__result" data-testid="forex-result" aria-live="polite">
            {calc ? formatNumber(calc.result) : parseAmount(text) === null ? '-' : '…'}
          </output>
        </div>
        {parseAmount(text) === null ? (
          <p className="forex-converter__hint" role="alert">
            금액을 숫자로 입력해 주세요. (소수점 둘째 자리까지)
          </p>
        ) : calcQuery.isError ? (
          <p className="forex-converter__hint" role="alert">
            환율을 계산하지 못했습니다.{' '}
            <button type="button" className="button button--secondary" onClick={() => void calcQuery.refetch()}>
              다시 시도
            </button>
          </p>
        ) : calc ? (
          <p className="forex-converter__hint">
            적용 환율 1 {calc.from} = {formatNumber(calc.rate)} {calc.to} · {formatTime(calc.rates_at)} 기준
          </p>
        ) : null}
      </div>
    </Section>
  );
}
