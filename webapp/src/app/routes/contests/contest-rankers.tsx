import { SampleDataNotice } from '@/components/ui/sample-data-notice';
import { RunningContestRanking } from '@/features/contests/components/contests';

import '../my/my.css';

/** /m/rankers/contest_rankers (대회 랭킹): the running contest's ranking, updating live. */
export default function ContestRankersRoute() {
  return (
    <>
      <title>대회 랭킹 : 시세</title>
      <SampleDataNotice />
      <h1 className="my-page__title">대회 랭킹</h1>
      <RunningContestRanking />
    </>
  );
}
