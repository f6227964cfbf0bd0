import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';

import { useRunSearch } from '../hooks/use-run-search';
import { useSuggestions } from '../hooks/use-suggestions';
import type { FoundAsset } from '../types';
import { foundAssetHref } from '../utils/found-asset';
import { MAX_KEYWORD_LENGTH, normalizeKeyword } from '../utils/keyword';

import { FoundAssetLabel } from './found-asset-label';

import './search-box.css';

type SearchBoxProps = {
  /** What the box holds (the screen keeps it: the empty page shows its lists only while it is blank). */
  value: string;
  onValueChange: (value: string) => void;
  autoFocus?: boolean;
};

/**
 * The search box, kept at the top while the page scrolls: a combobox whose suggestions
 * (autocomplete, once typing pauses) open over the page below it, so nothing moves when they
 * appear. Tapping a suggestion (or ↓ / ↑ and Enter) opens the asset; Enter or 검색 runs the
 * search (recorded in 최근 검색어). The suggestions close when the box loses focus or on Escape.
 */
export function SearchBox({ value, onValueChange, autoFocus = false }: SearchBoxProps) {
  const navigate = useNavigate();
  const runSearch = useRunSearch();
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);

  const blank = normalizeKeyword(value) === '';
  const inUse = focused && !dismissed;
  const suggestions = useSuggestions(value, { enabled: inUse });
  const options = suggestions.assets;
  const open = inUse && !blank && (options.length > 0 || suggestions.isSettled);
  const activeIndex = open && active < options.length ? active : -1;
  const optionId = (index: number) => `${listId}-${index}`;

  const choose = (asset: FoundAsset) => {
    setDismissed(true);
    void navigate(foundAssetHref(asset));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (blank) return;
    // Closes the suggestions, and the on-screen keyboard over the results.
    inputRef.current?.blur();
    runSearch(value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter that ends a Hangul composition is not a command.
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!open || options.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 (none) … n - 1, round and round.
      const positions = options.length + 1;
      setActive(((activeIndex + 1 + step + positions) % positions) - 1);
      return;
    }
    if (event.key === 'Enter' && activeIndex >= 0) {
      const asset = options[activeIndex];
      if (asset) {
        event.preventDefault();
        choose(asset);
      }
      return;
    }
    if (event.key === 'Escape' && open) {
      // Not the search input's own Escape, which would clear the box.
      event.preventDefault();
      setDismissed(true);
    }
  };

  return (
    <div className="search-box">
      <form className="search-box__form" role="search" onSubmit={onSubmit}>
        <div className="search-box__field">
          <input
            ref={inputRef}
            className="search-box__input"
            type="search"
            role="combobox"
            aria-label="검색어 입력"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={open && options.length > 0 ? listId : undefined}
            aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
            placeholder="종목명, 코드, 초성으로 검색"
            value={value}
            maxLength={MAX_KEYWORD_LENGTH}
            enterKeyHint="search"
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            // The search page opens ready to type in.
            autoFocus={autoFocus}
            onChange={(event) => {
              onValueChange(event.target.value);
              setDismissed(false);
              setActive(-1);
            }}
            onFocus={() => {
              setFocused(true);
              setDismissed(false);
            }}
            onBlur={() => setFocused(false)}
            onKeyDown={onKeyDown}
          />
          {value !== '' ? (
            <button
              type="button"
              className="search-box__clear"
              aria-label="검색어 지우기"
              // Keeps the focus (and the keyboard) in the box.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                onValueChange('');
                setActive(-1);
                inputRef.current?.focus();
              }}
            >
              <span aria-hidden="true">✕</span>
            </button>
          ) : null}
        </div>
        <button type="submit" className="button search-box__submit" disabled={blank}>
          검색
        </button>
      </form>
      {open ? (
        // Pressing on the suggestions keeps the focus in the box, so they stay open until the tap ends.
        <div className="search-box__panel" onMouseDown={(event) => event.preventDefault()}>
          {options.length > 0 ? (
            <ul className="search-box__suggestions" role="listbox" id={listId} aria-label="추천 종목">
              {options.map((asset, index) => (
                <li
                  key={asset.asset_id}
                  id={optionId(index)}
                  className="search-box__suggestion"
                  role="option"
                  aria-selected={index === activeIndex}
                  onClick={() => choose(asset)}
                >
                  <FoundAssetLabel asset={asset} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="search-box__none" role="status">
              일치하는 종목이 없습니다.
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}
