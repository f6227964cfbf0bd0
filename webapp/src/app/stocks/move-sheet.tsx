// "왜 움직였을까?": one move of the stock chart (a marker tapped) with what happened around
// it: the stock's disclosures and news of the move's windows and its board's activity
// against the usual rate (docs/architecture.md, "Why it moved"). A bottom sheet, loaded on
// first use; it joins charts, articles and the board's tab, so it lives with the app.
import { Link } from 'react-router';

import type { ModalProps } from '@/components/modals/modal-host';
import { paths } from '@/config/paths';
import { formatNumber, formatSignedPercent } from '@/lib/format';

import { ArticleItem } from '@/features/articles/components/article-item';

import { boardSummary, moveTimeLabel } from './move-labels';

import '@/components/modals/modal.css';
import './move-sheet.css';

export default function MoveSheet({ securityId, name, intraday, move, close }: ModalProps<'moveReasons'>) {
  const rising = move.change_rate > 0;
  const direction = rising ? 'rise' : 'fall';
  return (
    <section className="modal-sheet move-sheet" aria-labelledby="move-sheet-title" data-testid="move-sheet">
      <header className="move-sheet__header">
        <h2 id="move-sheet-title" className="move-sheet__title">
          왜 움직였을까?
        </h2>
        <p className="move-sheet__move">
          <span className="move-sheet__name">{name}</span>
          <time>{moveTimeLabel(move, intraday)}</time>
          <strong className={`move-sheet__rate move-sheet__rate--${direction}`}>
            {formatSignedPercent(move.change_rate / 100)}
          </strong>
        </p>
        <p className="move-sheet__prices">
          {formatNumber(move.from_price)}원 → {formatNumber(move.to_price)}원
        </p>
      </header>

      <section className="move-sheet__section" aria-labelledby="move-sheet-disclosures">
        <h3 id="move-sheet-disclosures" className="move-sheet__heading">
          공시
        </h3>
        {move.disclosures.length === 0 ? (
          <p className="move-sheet__empty">전 거래일과 당일에 나온 공시가 없습니다.</p>
        ) : (
          <ul className="move-sheet__list">
            {move.disclosures.map((disclosure) => (
              <li key={disclosure.id}>
                <ArticleItem entry={{ kind: 'DISCLOSURE', id: disclosure.id, disclosure }} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="move-sheet__section" aria-labelledby="move-sheet-news">
        <h3 id="move-sheet-news" className="move-sheet__heading">
          뉴스
        </h3>
        {move.news.length === 0 ? (
          <p className="move-sheet__empty">이 무렵의 뉴스가 없습니다.</p>
        ) : (
          <ul className="move-sheet__list">
            {move.news.map((news) => (
              <li key={news.id}>
                <ArticleItem entry={{ kind: 'NEWS', id: String(news.id), news }} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="move-sheet__section" aria-labelledby="move-sheet-board">
        <h3 id="move-sheet-board" className="move-sheet__heading">
          토론
        </h3>
        <p className="move-sheet__board">{boardSummary(move.board)}</p>
        <Link className="move-sheet__link" to={paths.stockDebates.getHref(securityId)}>
          토론 보기
        </Link>
      </section>

      <button type="button" className="button button--secondary move-sheet__close" onClick={close}>
        닫기
      </button>
    </section>
  );
}
