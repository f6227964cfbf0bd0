import { Link } from 'react-router';

import { socialPaths } from '@/config/social-paths';

import type { Topic } from '../types';

import './topics.css';

/** Topics as links to their pages: name, how many stocks, the curators' description. */
export function TopicList({ topics, label }: { topics: readonly Topic[]; label: string }) {
  return (
    <ul className="topic-list" aria-label={label}>
      {topics.map((topic) => (
        <li key={topic.id}>
          <Link className="topic-list__item" to={socialPaths.topic.getHref(topic.id)}>
            <span className="topic-list__name">{topic.name}</span>
            <span className="topic-list__count">{`${topic.stocks.length}종목`}</span>
            <p className="topic-list__description">{topic.description}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
