import { Navigate } from 'react-router';

import { LoadError } from '@/components/ui/load-error';
import { SampleDataNotice } from '@/components/ui/sample-data-notice';
import { Section } from '@/components/ui/section';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { formatNumber } from '@/lib/format';

import { useAsset } from '../api/get-asset';
import type { Asset } from '../types';
import { forexPairOf } from '../utils/forex';

import { AssetChart } from './asset-chart';
import { AssetHeader } from './asset-header';
import { DayForexTable } from './day-forex-table';
import { ForexConverter } from './forex-converter';
import { IndexDayTable } from './index-day-table';
import { MajorForexList } from './major-forex-list';

import '@/components/ui/figure-grid.css';

export const ASSET_NOT_FOUND_MESSAGE = '지수·환율 정보를 찾을 수 없습니다.';

function DayRange({ asset }: { asset: Asset }) {
  const rows = [
    { label: '시가', value: asset.open },
    { label: '고가', value: asset.high },
    { label: '저가', value: asset.low },
    { label: '전일', value: asset.previous_close },
  ];
  return (
    <Section title="오늘 시세">
      <dl className="figure-grid">
        {rows.map((row) => (
          <div key={row.label} className="figure-grid__item">
            <dt>{row.label}</dt>
            <dd>{formatNumber(row.value)}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

/**
 * /m/assets/{assetId}: an index or FX rate with its chart; FX also gets the
 * converter and daily rates, an index its daily values. Every asset page keeps the major FX rates
 * refreshing while it is open. Stock ids go to the stock page.
 */
export function AssetDetail({ assetId }: { assetId: string }) {
  const assetQuery = useAsset(assetId);

  if (assetQuery.isError && !assetQuery.data) {
    const { error } = assetQuery;
    const notFound = error instanceof ApiError && (error.isNotFound || error.status === 400);
    return (
      <>
        <title>시세</title>
        {notFound ? (
          <div className="page-status" role="alert">
            <p>{ASSET_NOT_FOUND_MESSAGE}</p>
          </div>
        ) : (
          <LoadError error={error} fallbackMessage="시세를 불러오지 못했습니다." onRetry={() => void assetQuery.refetch()} />
        )}
        <MajorForexList />
      </>
    );
  }
  if (!assetQuery.data) {
    return (
      <>
        <p className="loading" role="status">
          불러오는 중…
        </p>
        <MajorForexList />
      </>
    );
  }

  const { asset } = assetQuery.data;
  if (asset.kind === 'STOCK') return <Navigate replace to={paths.stock.getHref(asset.asset_id)} />;
  const pair = asset.kind === 'FOREX' ? forexPairOf(asset.asset_id) : null;

  return (
    <>
      <title>{`${asset.name} : 시세`}</title>
      <SampleDataNotice />
      <AssetHeader asset={asset} />
      <AssetChart asset={asset} />
      <DayRange asset={asset} />
      {pair ? <ForexConverter key={asset.asset_id} pair={pair} /> : null}
      <MajorForexList currentAssetId={asset.asset_id} />
      {pair ? <DayForexTable assetId={asset.asset_id} /> : <IndexDayTable assetId={asset.asset_id} />}
    </>
  );
}
