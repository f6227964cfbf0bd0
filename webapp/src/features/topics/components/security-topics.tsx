import { Link } from 'react-router';

import { Section } from '@/components/ui/section';
import { socialPaths } from '@/config/social-paths';

import { useSecurityTopics } from '../api/get-security-topics';

import './topics.css';

/** 테마: the topics that hold this stock, each a link to its page; nothing when none does. */
export function SecurityTopics({ securityId }: { securityId: string }) {
  const topics = useSecurityTopics(securityId).data?.topics ?? [];
  if (topics.length === 0) return null;
  return (
    <Section title="테마" testId="security-topics">
      <ul className="topic-chips" aria-label="이 종목의 테마">
        {topics.map((topic) => (
          <li key={topic.id}>
            <Link className="topic-chips__chip" to={socialPaths.topic.getHref(topic.id)}>
              {topic.name}
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
