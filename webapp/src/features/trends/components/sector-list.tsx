import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { getSignClassName } from '@/lib/change-display';
import { formatNumber, formatSignedPercent } from '@/lib/format';

import type { WicsSector } from '../types';

import './sector-list.css';

/** Industry groups with their change rate and how many members rose and fell; each opens the sector. */
export function SectorList({ sectors, label, testId }: { sectors: readonly WicsSector[]; label?: string; testId?: string }) {
  return (
    <ul className="sector-list" aria-label={label} data-testid={testId}>
      {sectors.map((sector) => (
        <li key={sector.wics_sector_code}>
          <Link className="sector-list__item" to={paths.trendWicsSector.getHref(sector.wics_sector_code)}>
            <span className="sector-list__name">{sector.name}</span>
            <span className="sector-list__counts">
              <span className="change--rise" aria-label={`상승 ${sector.rising_count}`}>
                ▲{formatNumber(sector.rising_count)}
              </span>
              <span className="change--fall" aria-label={`하락 ${sector.falling_count}`}>
                ▼{formatNumber(sector.falling_count)}
              </span>
            </span>
            <span className={`sector-list__rate ${getSignClassName(sector.change_rate)}`}>
              {formatSignedPercent(sector.change_rate)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The list's loading state: `rows` rows of the same height. */
export function SectorListPlaceholder({ rows }: { rows: number }) {
  return (
    <ul className="sector-list" aria-busy="true" aria-label="불러오는 중">
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="sector-list__item sector-list__item--placeholder">
          …
        </li>
      ))}
    </ul>
  );
}
