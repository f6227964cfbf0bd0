import './legal-document.css';

export type Article = { title: string; body: readonly string[] };

type LegalDocumentProps = {
  title: string;
  /** Dates and version under the title. */
  meta: readonly string[];
  articles: readonly Article[];
  /** 부칙 (supplementary provisions). */
  addendum?: readonly string[];
};

/** One legal text (spec §1): a plain static page. */
export function LegalDocument({ title, meta, articles, addendum }: LegalDocumentProps) {
  return (
    <article className="legal">
      <title>{`${title} : 시세`}</title>
      <h1 className="legal__title">{title}</h1>
      {meta.map((line) => (
        <p key={line} className="legal__meta">
          {line}
        </p>
      ))}
      {articles.map((article) => (
        <section key={article.title} className="legal__article">
          <h2 className="legal__heading">{article.title}</h2>
          {article.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      {addendum && (
        <section className="legal__article">
          <h2 className="legal__heading">부칙</h2>
          {addendum.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      )}
    </article>
  );
}
