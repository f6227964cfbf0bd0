import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { formatSignedPercent } from '@/lib/format';

import type { WicsSector } from '../types';
import { FULL_COLOR_CHANGE, HEATMAP_HEIGHT, HEATMAP_WIDTH, heatmapColors, layoutHeatmap } from '../utils/heatmap';

import './sector-heatmap.css';

/** Tiles smaller than this (percent of the map's width and height) show no text; their link keeps its name. */
const MIN_LABELLED_WIDTH = 11;
const MIN_LABELLED_HEIGHT = 7;

/**
 * 업종 heatmap: every industry group as a tile whose area is its market cap and whose colour is
 * its change (red up, blue down, grey flat; deeper for larger moves). Each tile opens the sector.
 */
export function SectorHeatmap({ sectors }: { sectors: readonly WicsSector[] }) {
  const tiles = layoutHeatmap(sectors);
  return (
    <figure className="sector-heatmap" aria-label="업종 히트맵">
      <div className="sector-heatmap__map" style={{ aspectRatio: `${HEATMAP_WIDTH} / ${HEATMAP_HEIGHT}` }} data-testid="sector-heatmap">
        {tiles.map(({ sector, left, top, width, height, background, color }) => {
          const rate = formatSignedPercent(sector.change_rate);
          const labelled = width >= MIN_LABELLED_WIDTH && height >= MIN_LABELLED_HEIGHT;
          return (
            <Link
              key={sector.wics_sector_code}
              className="sector-heatmap__tile"
              to={paths.trendWicsSector.getHref(sector.wics_sector_code)}
              aria-label={`${sector.name} ${rate}`}
              data-testid="heatmap-tile"
              style={{
                left: `${left}%`,
                top: `${top}%`,
                width: `${width}%`,
                height: `${height}%`,
                background,
                color,
              }}
            >
              {labelled ? (
                <>
                  <span className="sector-heatmap__name">{sector.name}</span>
                  <span className="sector-heatmap__rate">{rate}</span>
                </>
              ) : null}
            </Link>
          );
        })}
      </div>
      <HeatmapLegend />
    </figure>
  );
}

const LEGEND_STEPS = [-1, -0.5, -0.1, 0, 0.1, 0.5, 1].map((step) => step * FULL_COLOR_CHANGE);

/** The colour scale: −3% (and below) … 0 … +3% (and above). */
function HeatmapLegend() {
  return (
    <figcaption className="sector-heatmap__legend">
      <span>{formatSignedPercent(-FULL_COLOR_CHANGE)}</span>
      <span className="sector-heatmap__scale" aria-hidden="true">
        {LEGEND_STEPS.map((step) => (
          <span key={step} style={{ background: heatmapColors(step).background }} />
        ))}
      </span>
      <span>{formatSignedPercent(FULL_COLOR_CHANGE)}</span>
      <span className="visually-hidden">면적은 시가총액, 색은 등락률: 빨강 상승, 파랑 하락, 회색 보합</span>
    </figcaption>
  );
}

/** The map's loading state: the same box, empty, and the legend (nothing moves when the map comes). */
export function SectorHeatmapPlaceholder() {
  return (
    <figure className="sector-heatmap" aria-label="업종 히트맵" aria-busy="true">
      <div
        className="sector-heatmap__map sector-heatmap__map--placeholder"
        style={{ aspectRatio: `${HEATMAP_WIDTH} / ${HEATMAP_HEIGHT}` }}
      />
      <HeatmapLegend />
    </figure>
  );
}
