import { LoadError } from '@/components/ui/load-error';
import { Loading } from '@/components/ui/loading';
import { avatarSrc } from '@/lib/avatar';
import { toPaginatedList } from '@/lib/paginated-list';

import { useContributor, useContributorArticles } from '../api/get-contributor';

import { ArticleList, AutomatedBadge, SampleBadge } from './article-list';

import './insight.css';

/** A contributor's page: name, photo, bio, and their articles newest first. */
export function ContributorView({ contributorId }: { contributorId: number }) {
  const query = useContributor(contributorId);
  const articles = toPaginatedList(
    useContributorArticles(contributorId),
    (page) => page.articles,
    (page) => page.next_cursor,
  );
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const { contributor } = query.data;
  return (
    <>
      <title>{`${contributor.name} : 시세`}</title>
      <header className="insight-contributor">
        {contributor.avatar_url ? (
          // 64 px on screen: the 240 px square, as the profile's photo.
          <img className="insight-contributor__photo" src={avatarSrc(contributor.avatar_url, 240)} alt="" />
        ) : null}
        <h1 className="insight-contributor__name">
          {contributor.name} <SampleBadge sample={contributor.sample} />
          <AutomatedBadge automated={contributor.automated} />
        </h1>
        <p className="insight-contributor__bio">{contributor.bio}</p>
        <p className="insight-contributor__count">글 {contributor.articles_count}개</p>
      </header>
      <ArticleList list={articles} label={`${contributor.name}의 글`} />
    </>
  );
}
