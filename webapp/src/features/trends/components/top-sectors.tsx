import { LoadError } from '@/components/ui/load-error';
import { Section } from '@/components/ui/section';
import { paths } from '@/config/paths';

import { useTopSectors } from '../api/get-top-sectors';

import { SectorList, SectorListPlaceholder } from './sector-list';
import './trend-status.css';

/** 상위 업종: the industry groups rising most, each opening its sector; 더보기 opens 업종. */
export function TopSectors({ limit }: { limit: number }) {
  const query = useTopSectors(limit);

  let body;
  if (query.isError && !query.data) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!query.data) {
    body = <SectorListPlaceholder rows={limit} />;
  } else if (query.data.wics_sectors.length === 0) {
    body = <p className="trend-status">업종 정보가 없습니다.</p>;
  } else {
    body = <SectorList sectors={query.data.wics_sectors} label="상위 업종" />;
  }

  return (
    <Section title="상위 업종" testId="top-sectors" more={{ to: paths.trendWicsSectors.getHref(), label: '더보기' }}>
      {body}
    </Section>
  );
}
