// A fake of the trend API (and the quotes, assets and articles the trend pages and the home
// page read) for the route tests, on search-test-api's stubbed fetch.
import {
  createAsset,
  createQuote,
  createTrendStock,
  createWicsSector,
} from '@/testing/data-generators';

import { type Handler, paged, prices, stubApi } from '../search/search-test-api';

export const TREND_API = {
  specialStocks: '/main/api/v1/trends/special_stocks',
  specialCounts: '/main/api/v1/trends/special_stocks/counts',
  orderedStocks: '/main/api/v1/trends/ordered_stocks',
  foreignIndexes: '/main/api/v1/trends/foreign_indexes',
  wicsSectors: '/main/api/v1/trends/wics_sectors',
  topSectors: '/main/api/v1/trends/top_sectors',
  sectorSecurities: (code: string) => `/main/api/v1/trends/wics_sectors/${code}/securities`,
  popular: (by: string) => `/main/api/v1/popular_stocks/${by}`,
  discussionSurges: '/main/api/v1/trends/discussion_surges',
  quotes: '/main/api/v1/quotes',
  news: '/main/api/v1/news',
  disclosures: '/main/api/v1/disclosures',
  assets: '/mweb/api/v1/assets',
} as const;

/** 25 stocks ranked by trading value: 종목1 … 종목25. */
export const RANKED = Array.from({ length: 25 }, (_, i) => createTrendStock(i + 1));

export const SECTORS = [
  createWicsSector(),
  createWicsSector({ wics_sector_code: 'G2010', name: '자본재', market_cap: 200_000_000_000_000, change_rate: -0.02 }),
];

/** Quotes of whatever ids are asked for, at 50,000 won. */
const quotes: Handler = (url) => ({
  body: {
    quotes: (url.searchParams.get('security_ids') ?? '')
      .split(',')
      .filter(Boolean)
      .map((id) => createQuote({ security_id: id, price: 50_000 })),
  },
});

const counts = { top_limit: 2, bottom_limit: 0, high_52week: 7, low_52week: 1, vi: 3 };

function special(stocksOf: (category: string) => unknown[]) {
  const categories = ['top_limit', 'bottom_limit', 'high_52week', 'low_52week', 'vi'];
  return Object.fromEntries(
    categories.map((category) => {
      const stocks = stocksOf(category);
      return [category, { stocks_count: stocks.length, stocks }];
    }),
  );
}

/** Answers every call of the trend pages and the home page; `overrides` replace single paths. */
export function trendApi(overrides: Record<string, Handler> = {}) {
  return stubApi({
    [TREND_API.specialCounts]: () => ({ body: { special_stock_counts: { kospi: counts, kosdaq: counts } } }),
    [TREND_API.specialStocks]: (url) => ({
      body: {
        market: url.searchParams.get('market'),
        special_stocks: special((category) =>
          category === 'bottom_limit' ? [] : [createTrendStock(90, { name: `${category} 종목` })],
        ),
      },
    }),
    [TREND_API.orderedStocks]: paged(RANKED, 'stocks'),
    [TREND_API.foreignIndexes]: () => ({
      body: {
        major_indexes: [createAsset({ asset_id: 'INDEX-DJI', name: '다우존스' })],
        asia_indexes: [createAsset({ asset_id: 'INDEX-N225', name: '니케이 225' })],
        america_indexes: [createAsset({ asset_id: 'INDEX-IXIC', name: '나스닥 종합' })],
        europe_indexes: [createAsset({ asset_id: 'INDEX-DAX', name: '독일 DAX' })],
      },
    }),
    [TREND_API.wicsSectors]: () => ({ body: { wics_sectors: SECTORS } }),
    [TREND_API.topSectors]: () => ({ body: { wics_sectors: SECTORS } }),
    [TREND_API.sectorSecurities('G4530')]: (url) => {
      const page = paged(RANKED, 'stocks')(url);
      return page === 'hang' ? page : { body: { ...(page.body as object), wics_sector: SECTORS[0] } };
    },
    [TREND_API.popular('news')]: () => ({
      body: { by: 'news', stocks: [createTrendStock(7, { name: '뉴스인기' }), createTrendStock(8, { name: '뉴스둘째' })] },
    }),
    [TREND_API.popular('search')]: () => ({ body: { by: 'search', stocks: [createTrendStock(9, { name: '검색인기' })] } }),
    [TREND_API.popular('trading_value')]: () => ({ body: { by: 'trading_value', stocks: [] } }),
    [TREND_API.quotes]: quotes,
    [TREND_API.news]: () => ({
      body: {
        news: [
          {
            id: 1,
            title: '반도체 수출 호조',
            summary: '',
            url: 'https://news.example.com/1',
            publisher: '시세뉴스',
            published_at: Date.UTC(2026, 4, 8, 1, 0),
            security_ids: ['KOREA-A100001'],
          },
        ],
        next_cursor: null,
      },
    }),
    [TREND_API.disclosures]: () => ({
      body: {
        disclosures: [
          {
            id: 'D1',
            title: '주요사항보고서',
            corp_name: '종목1',
            filer: '종목1',
            received_on: '2026-05-08',
            remark: '',
            security_id: 'KOREA-A100001',
            url: 'https://dart.example.com/D1',
          },
        ],
        next_cursor: null,
      },
    }),
    [TREND_API.assets]: prices,
    ...overrides,
  });
}
