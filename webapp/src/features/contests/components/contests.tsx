import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';

import { openModal } from '@/components/modals/modal-store';
import { LoadError } from '@/components/ui/load-error';
import { Loading } from '@/components/ui/loading';
import { PaginatedListFooter } from '@/components/ui/paginated-list-footer';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '@/config/constants';
import { contestPaths } from '@/config/contest-paths';
import { asApiError } from '@/lib/api/as-api-error';
import { formatDate, formatNumber, formatSignedPercent } from '@/lib/format';
import { toPaginatedList } from '@/lib/paginated-list';
import { useDebouncedValue } from '@/lib/use-debounced-value';

import { useContest } from '../api/get-contest';
import { useContests } from '../api/get-contests';
import { useRanker } from '../api/get-ranker';
import { useRankers } from '../api/get-rankers';
import { getStockSuggestionsQueryOptions } from '../api/get-stock-suggestions';
import { useEnterContest } from '../api/enter-contest';
import type { Contest, ContestState, Ranker } from '../types';

import './contests.css';

/** Stocks an entry picks, at most (the server's rule too). */
export const MAX_PICKS = 5;

const STATE_LABELS: Record<ContestState, string> = { upcoming: '예정', running: '진행 중', ended: '종료' };

/** Up for a rise, down for a fall: the colour of a return. */
function tone(rate: number): string {
  return rate > 0 ? 'contest-rate--rise' : rate < 0 ? 'contest-rate--fall' : '';
}

function Rate({ rate }: { rate: number }) {
  return <span className={`contest-rate ${tone(rate)}`}>{formatSignedPercent(rate)}</span>;
}

function SampleBadge() {
  return (
    <span className="contest-sample" title="시뮬레이터가 만든 샘플 시세입니다">
      샘플
    </span>
  );
}

/** The rules of every contest, as the server applies them (docs/api.md, "Contests"). */
export function ContestRules() {
  return (
    <section className="contest-rules" aria-label="대회 규칙">
      <h2 className="contest-heading">대회 규칙</h2>
      <ul>
        <li>진행 중인 대회에 한 번 참가할 수 있으며, 참가한 뒤에는 종목을 바꿀 수 없습니다.</li>
        <li>서로 다른 종목을 1개부터 {MAX_PICKS}개까지 고릅니다. 참가한 순간의 가격이 각 종목의 기준가입니다.</li>
        <li>수익률은 고른 종목 수익률(현재가 ÷ 기준가 − 1)의 단순 평균입니다.</li>
        <li>진행 중에는 실시간 시세로, 끝난 뒤에는 종료 시점의 가격으로 순위를 매깁니다.</li>
        <li>수익률이 같으면 먼저 참가한 회원이 앞섭니다. 대회마다 1,000명까지 참가할 수 있습니다.</li>
        <li>시세는 시뮬레이터가 만든 샘플 시세로, 실제 시세가 아닙니다.</li>
      </ul>
    </section>
  );
}

/** 대회: every contest with its period and state; a running one takes entries below. */
export function ContestList({ signedIn, onLogin }: { signedIn: boolean; onLogin: () => void }) {
  const contests = useContests();
  if (contests.isPending) return <Loading />;
  if (contests.isError) return <LoadError error={contests.error} onRetry={() => void contests.refetch()} />;
  if (contests.data.contests.length === 0) return <p className="contest-empty">열린 대회가 없습니다.</p>;
  return (
    <ul className="contest-list" aria-label="대회 목록">
      {contests.data.contests.map((contest) => (
        <li key={contest.id} className="contest-card">
          <ContestCard contest={contest} signedIn={signedIn} onLogin={onLogin} />
        </li>
      ))}
    </ul>
  );
}

function ContestCard({ contest, signedIn, onLogin }: { contest: Contest; signedIn: boolean; onLogin: () => void }) {
  return (
    <>
      <h2 className="contest-card__title">
        {contest.title} {contest.sample && <SampleBadge />}
      </h2>
      <p className="contest-card__meta">
        <span className={`contest-state contest-state--${contest.state}`}>{STATE_LABELS[contest.state]}</span>{' '}
        {formatDate(contest.starts_at_ms)} ~ {formatDate(contest.ends_at_ms)} · {formatNumber(contest.entries)}명 참가
      </p>
      {contest.description && <p className="contest-card__description">{contest.description}</p>}
      {contest.state !== 'upcoming' && (
        <Link className="contest-card__link" to={contestPaths.contestRankers.getHref()}>
          랭킹 보기
        </Link>
      )}
      {contest.state === 'running' &&
        (signedIn ? (
          <MyEntry contestId={contest.id} />
        ) : (
          <button type="button" className="button" onClick={onLogin}>
            로그인하고 참가하기
          </button>
        ))}
    </>
  );
}

/** The member's entry with its rank, or the form to enter. */
function MyEntry({ contestId }: { contestId: number }) {
  const detail = useContest(contestId);
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  const mine = detail.data.mine;
  if (!mine) return <EntryForm contestId={contestId} />;
  return (
    <div className="contest-mine" aria-label="내 참가 기록">
      <p>
        내 순위 <strong>{mine.rank}위</strong> · 수익률 <Rate rate={mine.return_rate} />
      </p>
      <Link to={contestPaths.ranker.getHref(mine.id)}>내 종목 보기</Link>
    </div>
  );
}

type Picked = { securityId: string; name: string };

/** Picks up to five stocks from the search's suggestions, then enters. */
function EntryForm({ contestId }: { contestId: number }) {
  const [typed, setTyped] = useState('');
  const [picked, setPicked] = useState<Picked[]>([]);
  const keyword = useDebouncedValue(typed.trim(), AUTOCOMPLETE_DEBOUNCE_MS);
  const suggestions = useQuery(getStockSuggestionsQueryOptions(keyword));
  const enter = useEnterContest();
  const full = picked.length >= MAX_PICKS;
  const add = (pick: Picked) => {
    if (full || picked.some((p) => p.securityId === pick.securityId)) return;
    setPicked([...picked, pick]);
    setTyped('');
  };
  const submit = () =>
    enter.mutate(
      { contestId, securityIds: picked.map((p) => p.securityId) },
      { onError: (error) => openModal({ type: 'alert', props: { message: asApiError(error).message } }) },
    );
  return (
    <form
      className="contest-entry"
      aria-label="대회 참가"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h3 className="contest-heading">
        종목 고르기 ({picked.length}/{MAX_PICKS})
      </h3>
      <ul className="contest-entry__picked" aria-label="고른 종목">
        {picked.map((pick) => (
          <li key={pick.securityId}>
            {pick.name}
            <button
              type="button"
              aria-label={`${pick.name} 빼기`}
              onClick={() => setPicked(picked.filter((p) => p.securityId !== pick.securityId))}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        className="contest-entry__search"
        type="search"
        placeholder={full ? `${MAX_PICKS}개까지 고를 수 있습니다` : '종목명 또는 코드 검색'}
        aria-label="종목 검색"
        value={typed}
        disabled={full}
        onChange={(event) => setTyped(event.target.value)}
      />
      {keyword !== '' && !full && (
        <ul className="contest-entry__suggestions" aria-label="검색된 종목">
          {(suggestions.data ?? []).map((asset) => (
            <li key={asset.asset_id}>
              <button type="button" onClick={() => add({ securityId: asset.asset_id, name: asset.name })}>
                {asset.name} <span className="contest-entry__code">{asset.short_code}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="submit" className="button" disabled={picked.length === 0 || enter.isPending}>
        참가하기
      </button>
    </form>
  );
}

/** The running contest (the newest running one): its ranking, moving with the prices. */
export function RunningContestRanking() {
  const contests = useContests();
  if (contests.isPending) return <Loading />;
  if (contests.isError) return <LoadError error={contests.error} onRetry={() => void contests.refetch()} />;
  const running = contests.data.contests.find((c) => c.state === 'running');
  if (!running) {
    return (
      <p className="contest-empty">
        진행 중인 대회가 없습니다. <Link to={contestPaths.contests.getHref()}>대회 보기</Link>
      </p>
    );
  }
  return (
    <div className="contest-section">
      <h2 className="contest-heading">
        {running.title} <SampleBadge />
      </h2>
      <p className="contest-card__meta">
        {formatDate(running.starts_at_ms)} ~ {formatDate(running.ends_at_ms)} · 시세가 움직이면 순위가 바뀝니다.{' '}
        <Link to={contestPaths.contests.getHref()}>규칙</Link>
      </p>
      <Ranking contestId={running.id} />
    </div>
  );
}

/** The ranking, 50 at a time with 더보기 to the last ranker, every shown page moving live. */
function Ranking({ contestId }: { contestId: number }) {
  const query = useRankers(contestId);
  const list = toPaginatedList(
    query,
    (page) => page.rankers,
    (page) => String(page.total),
  );
  if (query.isPending) return <Loading />;
  if (query.isError && list.pageCount === 0) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  // Pages are refetched one after another while prices move: a ranker that moved across a
  // page boundary would show twice.
  const seen = new Set<number>();
  const rankers = list.entities.filter((ranker) => {
    if (seen.has(ranker.id)) return false;
    seen.add(ranker.id);
    return true;
  });
  if (rankers.length === 0) return <p className="contest-empty">아직 참가한 회원이 없습니다.</p>;
  const total = query.data?.pages.at(-1)?.total ?? rankers.length;
  return (
    <>
      <ol className="ranking" aria-label="랭킹">
        {rankers.map((ranker) => (
          <RankingRow key={ranker.id} ranker={ranker} />
        ))}
      </ol>
      <p className="ranking__count">
        {formatNumber(total)}명 중 {formatNumber(Math.min(rankers.length, total))}명
      </p>
      <PaginatedListFooter list={list} loadMoreBy="button" />
    </>
  );
}

function RankingRow({ ranker }: { ranker: Ranker }) {
  return (
    <li>
      <Link className="ranking__row" to={contestPaths.ranker.getHref(ranker.id)}>
        <span className="ranking__rank">{ranker.rank}</span>
        <span className="ranking__name">
          {ranker.nickname || '탈퇴한 회원'}
          <span className="ranking__picks">{ranker.picks.map((p) => p.name).join(', ')}</span>
        </span>
        <Rate rate={ranker.return_rate} />
      </Link>
    </li>
  );
}

/** One ranker: rank and return, each pick against its entry price, and the daily history. */
export function RankerView({ rankerId }: { rankerId: number }) {
  const detail = useRanker(rankerId);
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  const { ranker, contest, history } = detail.data;
  return (
    <div className="contest-section">
      <h2 className="contest-heading">
        {ranker.nickname || '탈퇴한 회원'} · {contest.title} <SampleBadge />
      </h2>
      <p className="contest-mine">
        <strong>{ranker.rank}위</strong> · 수익률 <Rate rate={ranker.return_rate} /> · 참가{' '}
        {formatDate(ranker.entered_at_ms)}
      </p>
      <table className="contest-table" aria-label="참가 종목">
        <thead>
          <tr>
            <th>종목</th>
            <th>기준가</th>
            <th>{contest.state === 'ended' ? '종료가' : '현재가'}</th>
            <th>수익률</th>
          </tr>
        </thead>
        <tbody>
          {ranker.picks.map((pick) => (
            <tr key={pick.security_id}>
              <td>{pick.name}</td>
              <td>{formatNumber(pick.entry_price)}</td>
              <td>{formatNumber(pick.price)}</td>
              <td>
                <Rate rate={pick.return_rate} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className="contest-heading">일별 수익률</h3>
      {history.length === 0 ? (
        <p className="contest-empty">아직 기록이 없습니다.</p>
      ) : (
        <table className="contest-table" aria-label="일별 수익률">
          <tbody>
            {history.map((day) => (
              <tr key={day.date}>
                <td>{day.date}</td>
                <td>
                  <Rate rate={day.return_rate} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
