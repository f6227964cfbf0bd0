import { useParams } from 'react-router';

import { LoadError } from '@/components/ui/load-error';
import { Section } from '@/components/ui/section';
import { useWicsSectors } from '@/features/trends/api/get-wics-sectors';
import { SectorHeatmap, SectorHeatmapPlaceholder } from '@/features/trends/components/sector-heatmap';
import { SectorDetail } from '@/features/trends/components/sector-detail';
import { SectorList, SectorListPlaceholder } from '@/features/trends/components/sector-list';

import NotFoundRoute from '../not-found';

import { renderLiveStocks } from './components/live-trend-stock-list';

/** Rows reserved while the sectors load. */
const PLACEHOLDER_ROWS = 8;

/**
 * /m/trend/wics_sectors and /m/trend/wics_sectors/:wicsSectorCode: 업종, or the sector the
 * address names. One module (one chunk): a tap on the heatmap opens the sector without
 * waiting for more code.
 */
export default function WicsSectorsRoute() {
  const { wicsSectorCode } = useParams();
  return wicsSectorCode === undefined ? <SectorsOverview /> : <SectorPage wicsSectorCode={wicsSectorCode} />;
}

/**
 * 업종: the heatmap of every industry group (area market cap, colour change rate), then the
 * list of them with their change and rising/falling counts.
 */
function SectorsOverview() {
  const query = useWicsSectors();
  const sectors = query.data?.wics_sectors;

  return (
    <div data-testid="trend-wics-sectors">
      <title>업종 : 시세</title>
      {query.isError && !sectors ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Section title="업종 히트맵">{sectors ? <SectorHeatmap sectors={sectors} /> : <SectorHeatmapPlaceholder />}</Section>
          <Section title="업종별 등락">
            {!sectors ? (
              <SectorListPlaceholder rows={PLACEHOLDER_ROWS} />
            ) : sectors.length === 0 ? (
              <p className="loading">업종 정보가 없습니다.</p>
            ) : (
              <SectorList sectors={sectors} label="업종" testId="sector-list" />
            )}
          </Section>
        </>
      )}
    </div>
  );
}

/** One industry group and its stocks, live. */
function SectorPage({ wicsSectorCode }: { wicsSectorCode: string }) {
  if (wicsSectorCode === '') return <NotFoundRoute />;
  return (
    <SectorDetail
      key={wicsSectorCode}
      wicsSectorCode={wicsSectorCode}
      renderStocks={renderLiveStocks({ hearts: true, label: '구성 종목' })}
    />
  );
}
