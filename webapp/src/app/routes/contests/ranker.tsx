import { useParams } from 'react-router';

import { SampleDataNotice } from '@/components/ui/sample-data-notice';
import { RankerView } from '@/features/contests/components/contests';
import { parseRouteId } from '@/lib/route-id';

import NotFoundRoute from '../not-found';
import '../my/my.css';

/** /m/rankers/{id}: one ranker's picks and daily history. */
export default function RankerRoute() {
  const rankerId = parseRouteId(useParams().rankerId);
  if (rankerId === null) return <NotFoundRoute />;
  return (
    <>
      <title>참가 기록 : 시세</title>
      <SampleDataNotice />
      <h1 className="my-page__title">참가 기록</h1>
      <RankerView rankerId={rankerId} />
    </>
  );
}
