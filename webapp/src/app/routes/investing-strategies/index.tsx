import { InsightArticlesSection } from '@/features/insight/components/insight-articles-section';

/** /m/investing_strategies (투자전략): the featured and newest insight articles. */
export default function InvestingStrategiesRoute() {
  return (
    <>
      <title>투자전략 : 시세</title>
      <InsightArticlesSection />
    </>
  );
}
