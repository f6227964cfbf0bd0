import { useState } from 'react';

import { SegmentedControl } from '@/components/ui/segmented-control';
import { ForexConverter } from '@/features/assets/components/forex-converter';
import { MajorForexList } from '@/features/assets/components/major-forex-list';
import { useMajorForexIds } from '@/features/assets/api/get-major-forex-ids';
import { forexPairOf } from '@/features/assets/utils/forex';

const DEFAULT_FOREX_ID = 'FOREX-USDKRW';

/**
 * /m/trend/forex (환율): the major pairs, refreshed every few seconds while the page is open
 * (MajorForexList runs the refresh; it stops when the page closes), and the converter for the
 * chosen pair.
 */
export default function ForexTrendRoute() {
  const ids = useMajorForexIds().data?.ids ?? [];
  const [chosen, setChosen] = useState(DEFAULT_FOREX_ID);
  const pair = forexPairOf(chosen);

  return (
    <div data-testid="trend-forex">
      <title>환율 : 시세</title>
      <MajorForexList />
      {ids.length > 1 ? (
        <SegmentedControl
          label="계산할 통화"
          value={chosen}
          onChange={setChosen}
          options={ids.map((id) => ({ value: id, label: id.replace(/^FOREX-/, '').replace(/KRW$/, '') }))}
        />
      ) : null}
      {pair ? <ForexConverter key={chosen} pair={pair} /> : null}
    </div>
  );
}
