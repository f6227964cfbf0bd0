// The sector heatmap: a squarified treemap of the industry groups sized by market cap
// (d3-hierarchy does the layout), each tile coloured by its change rate on the Korean
// convention: red up, blue down, grey flat, the colour deeper the larger the move.
import { hierarchy, treemap, treemapSquarify } from 'd3-hierarchy';

import type { WicsSector } from '../types';

/** The box the layout is computed in; tiles are placed in percent of it, so the map scales with its width. */
export const HEATMAP_WIDTH = 360;
export const HEATMAP_HEIGHT = 300;

/** Moves this large (3%) or larger get the deepest colour. */
export const FULL_COLOR_CHANGE = 0.03;
/** Moves smaller than this (0.05%) count as flat. */
export const FLAT_CHANGE = 0.0005;

export type HeatmapTile = {
  sector: WicsSector;
  /** Position and size in percent of the map. */
  left: number;
  top: number;
  width: number;
  height: number;
  background: string;
  /** Light text on deep colours, dark text on pale ones. */
  color: string;
};

type Rgb = readonly [number, number, number];

const FLAT: Rgb = [0x8b, 0x95, 0xa1];
// From a pale tint for a small move to the full colour at FULL_COLOR_CHANGE.
const RISE_PALE: Rgb = [0xf6, 0xb8, 0xb8];
const RISE_FULL: Rgb = [0xc8, 0x1e, 0x1e];
const FALL_PALE: Rgb = [0xb4, 0xc9, 0xf2];
const FALL_FULL: Rgb = [0x12, 0x46, 0xb8];
/** From this strength on, text is white. */
const LIGHT_TEXT_FROM = 0.35;
const DARK_TEXT = '#191f28';
const LIGHT_TEXT = '#ffffff';

function hex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function mix(from: Rgb, to: Rgb, t: number): Rgb {
  return [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t, from[2] + (to[2] - from[2]) * t];
}

/** The strength of a move, 0 (flat) to 1 (FULL_COLOR_CHANGE or more). */
export function changeStrength(changeRate: number): number {
  if (!Number.isFinite(changeRate)) return 0;
  return Math.min(Math.abs(changeRate) / FULL_COLOR_CHANGE, 1);
}

/** A tile's background and text colour for a change rate (a ratio: 0.0123 is 1.23%). */
export function heatmapColors(changeRate: number): { background: string; color: string } {
  if (!Number.isFinite(changeRate) || Math.abs(changeRate) < FLAT_CHANGE) {
    return { background: hex(FLAT), color: LIGHT_TEXT };
  }
  const strength = changeStrength(changeRate);
  const [pale, full] = changeRate > 0 ? [RISE_PALE, RISE_FULL] : [FALL_PALE, FALL_FULL];
  return { background: hex(mix(pale, full, strength)), color: strength >= LIGHT_TEXT_FROM ? LIGHT_TEXT : DARK_TEXT };
}

type Node = { sector?: WicsSector; children?: Node[] };

/**
 * Lays the sectors out as a squarified treemap, each tile's area proportional to its market
 * cap (sectors without a positive market cap are left out), largest first.
 */
export function layoutHeatmap(sectors: readonly WicsSector[]): HeatmapTile[] {
  const sized = sectors.filter((sector) => Number.isFinite(sector.market_cap) && sector.market_cap > 0);
  if (sized.length === 0) return [];
  const root = hierarchy<Node>({ children: sized.map((sector) => ({ sector })) })
    .sum((node) => node.sector?.market_cap ?? 0)
    .sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
  const laidOut = treemap<Node>().tile(treemapSquarify).size([HEATMAP_WIDTH, HEATMAP_HEIGHT]).paddingInner(1)(root);
  return laidOut.leaves().flatMap((leaf) => {
    const { sector } = leaf.data;
    if (!sector) return [];
    return [
      {
        sector,
        left: (leaf.x0 / HEATMAP_WIDTH) * 100,
        top: (leaf.y0 / HEATMAP_HEIGHT) * 100,
        width: ((leaf.x1 - leaf.x0) / HEATMAP_WIDTH) * 100,
        height: ((leaf.y1 - leaf.y0) / HEATMAP_HEIGHT) * 100,
        ...heatmapColors(sector.change_rate),
      },
    ];
  });
}
