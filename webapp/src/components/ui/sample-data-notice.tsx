import { SAMPLE_DATA_NOTICE } from '@/config/constants';

import './sample-data-notice.css';

/** States that prices on the screen are simulated, never live market data. */
export function SampleDataNotice() {
  return (
    <p className="sample-data-notice" data-testid="sample-data-notice">
      {SAMPLE_DATA_NOTICE}
    </p>
  );
}
