import { LoadError } from '@/components/ui/load-error';
import { Section } from '@/components/ui/section';
import { useFeaturedTopics } from '@/features/topics/api/get-featured-topics';
import { TopicList } from '@/features/topics/components/topic-list';

import '../my/my.css';

/**
 * /m/investing_strategies (투자전략): the featured topics. Insight articles join this page
 * with their own issue, as a section of their own beside the topics.
 */
export default function InvestingStrategiesRoute() {
  const featured = useFeaturedTopics();
  let body;
  if (featured.isError) {
    body = <LoadError error={featured.error} onRetry={() => void featured.refetch()} />;
  } else if (!featured.data) {
    body = (
      <p className="loading" role="status">
        불러오는 중…
      </p>
    );
  } else {
    body = <TopicList topics={featured.data.topics} label="추천 테마" />;
  }
  return (
    <>
      <title>투자전략 : 시세</title>
      <h1 className="my-page__title">투자전략</h1>
      <Section title="추천 테마" testId="featured-topics">
        {body}
      </Section>
    </>
  );
}
