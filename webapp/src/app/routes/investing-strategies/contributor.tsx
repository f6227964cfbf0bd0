import { useParams } from 'react-router';

import { ContributorView } from '@/features/insight/components/contributor-view';

import NotFoundRoute from '../not-found';

/** /m/investing_strategies/contributors/:contributorId: a contributor and their articles. */
export default function ContributorRoute() {
  const { contributorId } = useParams();
  // Sample contributors have negative ids.
  const id = contributorId !== undefined && /^-?[1-9][0-9]{0,15}$/.test(contributorId) ? Number(contributorId) : null;
  if (id === null) return <NotFoundRoute />;
  return <ContributorView key={id} contributorId={id} />;
}
