import { LoadError } from '@/components/ui/load-error';
import { Section } from '@/components/ui/section';
import { AssetCards } from '@/features/assets/components/asset-cards';
import { useForeignIndexes } from '@/features/trends/api/get-foreign-indexes';
import { FOREIGN_INDEX_GROUPS } from '@/features/trends/utils/foreign-indexes';

/** /m/trend/foreign (해외): 주요 지수, 아시아, 미국, 유럽, each index with its value and change. */
export default function ForeignTrendRoute() {
  const query = useForeignIndexes();
  const groups = query.data;

  let body;
  if (query.isError && !groups) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!groups) {
    body = (
      <p className="loading" role="status">
        불러오는 중…
      </p>
    );
  } else {
    body = FOREIGN_INDEX_GROUPS.map(({ group, title }) => (
      <Section key={group} title={title} testId={`foreign-${group}`}>
        {groups[group].length === 0 ? (
          <p className="loading">지수 정보가 없습니다.</p>
        ) : (
          <AssetCards
            cards={groups[group].map((asset) => ({ assetId: asset.asset_id, name: asset.name, value: asset }))}
          />
        )}
      </Section>
    ));
  }

  return (
    <div data-testid="trend-foreign">
      <title>해외 지수 : 시세</title>
      {body}
    </div>
  );
}
