import type { ReactNode } from 'react';

import { LoadError } from '@/components/ui/load-error';
import { Section } from '@/components/ui/section';
import { formatFullDay, formatNumber } from '@/lib/format';
import { getMarketLabel } from '@/lib/market-label';

import { useCompany } from '../api/get-company';
import type { Company } from '../types';

import './company-summary.css';

type CompanySummaryProps = {
  securityId: string;
  /** False until the page knows the security is a company's stock (not an ETF). */
  enabled?: boolean;
};

/** A homepage from the listing data as a link target (`www.x.com` → `https://www.x.com`); null when unusable. */
export function homepageUrl(homepage: string | null | undefined): string | null {
  const value = homepage?.trim();
  if (!value) return null;
  const withScheme = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function industryOf(company: Company): string | null {
  const wics = [company.wics_sector, company.wics_industry_group].filter(Boolean).join(' · ');
  return wics !== '' ? wics : (company.industry ?? null);
}

/** 기업 개요: what the company does and its listing facts. */
export function CompanySummary({ securityId, enabled = true }: CompanySummaryProps) {
  const companyQuery = useCompany(securityId, enabled);

  if (companyQuery.isError) {
    return (
      <Section title="기업 개요">
        <LoadError error={companyQuery.error} onRetry={() => void companyQuery.refetch()} />
      </Section>
    );
  }
  if (!companyQuery.data) {
    return (
      <Section title="기업 개요">
        <p className="loading" role="status">
          불러오는 중…
        </p>
      </Section>
    );
  }

  const { company } = companyQuery.data;
  const homepage = homepageUrl(company.homepage);
  const rows: { label: string; value: ReactNode }[] = [
    { label: '시장', value: getMarketLabel(company.market) },
    { label: '업종', value: industryOf(company) },
    { label: '주요 제품', value: company.main_products },
    { label: '상장일', value: company.listing_date ? formatFullDay(company.listing_date) : null },
    { label: '결산월', value: company.fiscal_month ? `${company.fiscal_month}월` : null },
    { label: '상장 주식 수', value: `${formatNumber(company.shares_outstanding)}주` },
    { label: '지역', value: company.region },
    {
      label: '홈페이지',
      value: homepage ? (
        <a href={homepage} target="_blank" rel="noopener noreferrer">
          {company.homepage}
        </a>
      ) : null,
    },
  ];

  return (
    <Section title="기업 개요" testId="company-summary">
      <div className="company-summary__names">
        <strong>{company.name}</strong>
        {company.name_en ? <span className="company-summary__name-en">{company.name_en}</span> : null}
      </div>
      <dl className="company-summary">
        {rows
          .filter((row) => row.value !== null && row.value !== undefined && row.value !== '')
          .map((row) => (
            <div key={row.label} className="company-summary__row">
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
      </dl>
    </Section>
  );
}
