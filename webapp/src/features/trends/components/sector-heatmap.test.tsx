import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { createWicsSector } from '@/testing/data-generators';
import { renderWithProviders } from '@/testing/test-utils';

import { heatmapColors, layoutHeatmap } from '../utils/heatmap';

import { SectorHeatmap } from './sector-heatmap';

const SECTORS = [
  createWicsSector({ wics_sector_code: 'G4530', name: '반도체', market_cap: 600, change_rate: 0.035 }),
  createWicsSector({ wics_sector_code: 'G2010', name: '자본재', market_cap: 300, change_rate: -0.004 }),
  createWicsSector({ wics_sector_code: 'G3510', name: '건강관리', market_cap: 100, change_rate: 0 }),
];

/** A tile's share of the map, in percent² (width% × height%). */
function area(tile: HTMLElement): number {
  return Number.parseFloat(tile.style.width) * Number.parseFloat(tile.style.height);
}

/** `rgb(r, g, b)` as jsdom reports a colour → `#rrggbb`. */
function hexOf(rgb: string): string {
  const parts = rgb.match(/\d+/g)?.map(Number) ?? [];
  return `#${parts.map((part) => part.toString(16).padStart(2, '0')).join('')}`;
}

describe('SectorHeatmap', () => {
  it('draws a tile per sector, sized by market cap, each a link named by its name and change', () => {
    renderWithProviders(<SectorHeatmap sectors={SECTORS} />);
    const map = screen.getByTestId('sector-heatmap');
    const tiles = within(map).getAllByRole('link');
    expect(tiles.map((tile) => tile.getAttribute('aria-label'))).toEqual(['반도체 +3.50%', '자본재 -0.40%', '건강관리 0.00%']);
    expect(tiles.map((tile) => tile.getAttribute('href'))).toEqual([
      '/m/trend/wics_sectors/G4530',
      '/m/trend/wics_sectors/G2010',
      '/m/trend/wics_sectors/G3510',
    ]);
    // Areas in proportion to market cap (600 : 300 : 100), up to the 1px gaps between tiles.
    const [semis, capital, health] = tiles.map(area);
    expect(semis! / health!).toBeCloseTo(6, 0);
    expect(capital! / health!).toBeCloseTo(3, 0);
    // Together they fill the map.
    expect((semis! + capital! + health!) / 100).toBeGreaterThan(97);
    // The largest tile is labelled on the map.
    expect(within(tiles[0]!).getByText('반도체')).toBeDefined();
    expect(within(tiles[0]!).getByText('+3.50%')).toBeDefined();
  });

  it('colours up red, down blue and flat grey, deeper for larger moves', () => {
    renderWithProviders(<SectorHeatmap sectors={SECTORS} />);
    const [semis, capital, health] = within(screen.getByTestId('sector-heatmap')).getAllByRole('link');
    // +3.5%: the full red, white text.
    expect(hexOf(semis!.style.background)).toBe('#c81e1e');
    expect(semis!.style.color).toBe('rgb(255, 255, 255)');
    // -0.4%: a pale blue, dark text.
    const fall = hexOf(capital!.style.background);
    expect(fall).toBe(heatmapColors(-0.004).background);
    const [r, , b] = [1, 3, 5].map((i) => Number.parseInt(fall.slice(i, i + 2), 16));
    expect(b).toBeGreaterThan(r!);
    expect(capital!.style.color).toBe('rgb(25, 31, 40)');
    // Flat: grey.
    expect(hexOf(health!.style.background)).toBe('#8b95a1');
  });

  it('deepens the colour with the size of the move, capped at 3%', () => {
    // The green of a red tile falls as the red deepens.
    const green = (rate: number) => Number.parseInt(heatmapColors(rate).background.slice(3, 5), 16);
    expect(green(0.005)).toBeGreaterThan(green(0.015));
    expect(green(0.015)).toBeGreaterThan(green(0.03));
    expect(heatmapColors(0.03)).toEqual(heatmapColors(0.1));
    expect(heatmapColors(-0.03)).toEqual(heatmapColors(-0.2));
  });

  it('leaves out sectors without a market cap', () => {
    const tiles = layoutHeatmap([...SECTORS, createWicsSector({ wics_sector_code: 'G9999', market_cap: 0 })]);
    expect(tiles.map((tile) => tile.sector.wics_sector_code)).toEqual(['G4530', 'G2010', 'G3510']);
    expect(layoutHeatmap([])).toEqual([]);
  });
});
