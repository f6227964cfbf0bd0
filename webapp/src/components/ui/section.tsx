import type { ReactNode } from 'react';
import { Link } from 'react-router';

import './section.css';

type SectionProps = {
  title: string;
  children: ReactNode;
  /** A link next to the title, e.g. to the full list. */
  more?: { to: string; label: string };
  /** A control next to the title instead of a link, e.g. a 전체 삭제 button. */
  action?: ReactNode;
  /** Small print under the title, e.g. the sample-data label. */
  note?: ReactNode;
  className?: string;
  testId?: string;
};

/** A titled card of a page. */
export function Section({ title, children, more, action, note, className, testId }: SectionProps) {
  return (
    <section className={['section', className].filter(Boolean).join(' ')} aria-label={title} data-testid={testId}>
      <header className="section__header">
        <h2 className="section__title">{title}</h2>
        {more ? (
          <Link className="section__more" to={more.to}>
            {more.label}
          </Link>
        ) : (action ?? null)}
      </header>
      {note ? <div className="section__note">{note}</div> : null}
      {children}
    </section>
  );
}
