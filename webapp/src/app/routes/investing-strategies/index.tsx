import { InsightArticlesSection } from '@/features/insight/components/insight-articles-section';
import { FeaturedTopicsSection } from '@/features/topics/components/featured-topics-section';

import '../my/my.css';

/**
 * /m/investing_strategies (투자전략): the featured insight articles, the featured topics (테마),
 * then the newest articles as the list scrolls.
 */
export default function InvestingStrategiesRoute() {
  return (
    <>
      <title>투자전략 : 시세</title>
      <h1 className="my-page__title">투자전략</h1>
      <InsightArticlesSection beforeNewest={<FeaturedTopicsSection />} />
    </>
  );
}
