import { SAMPLE_DATA_NOTICE } from '@/config/constants';

import './sample-data-notice.css';

type SampleDataNoticeProps = {
  /** Defaults to the simulated-prices notice. */
  text?: string;
};

/** States that the data on the screen is simulated or generated, never live market data. */
export function SampleDataNotice({ text = SAMPLE_DATA_NOTICE }: SampleDataNoticeProps) {
  return (
    <p className="sample-data-notice" data-testid="sample-data-notice">
      {text}
    </p>
  );
}

/** A small inline `샘플 데이터` label for sections of generated data. */
export function SampleDataBadge({ title }: { title?: string }) {
  return (
    <span className="sample-data-badge" title={title} data-testid="sample-data-badge">
      샘플 데이터
    </span>
  );
}
