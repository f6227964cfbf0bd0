import { LoadError } from '@/components/ui/load-error';
import { Section } from '@/components/ui/section';

import { useFeaturedTopics } from '../api/get-featured-topics';

import { TopicList } from './topic-list';

/** 추천 테마: the featured topics, in the curators' order (투자전략). */
export function FeaturedTopicsSection() {
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
    <Section title="추천 테마" testId="featured-topics">
      {body}
    </Section>
  );
}
