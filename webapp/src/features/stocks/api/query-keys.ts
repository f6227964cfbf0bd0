// Query-key factory of the stocks feature: every key starts with `stocks`,
// then narrows (TkDodo's hierarchy: all → lists → list(filters) → details → detail(id)).

export const stockKeys = {
  all: ['stocks'] as const,
  details: () => [...stockKeys.all, 'detail'] as const,
  detail: (securityId: string) => [...stockKeys.details(), securityId] as const,
  quoteLists: () => [...stockKeys.all, 'quotes'] as const,
  quoteList: (securityIds: readonly string[]) =>
    [...stockKeys.quoteLists(), { securityIds: [...securityIds] }] as const,
  /** Everything the stock page loads about one security besides its detail. */
  security: (securityId: string) => [...stockKeys.all, 'security', securityId] as const,
  dayCandles: (securityId: string, filters: { limit: number }) =>
    [...stockKeys.security(securityId), 'day-candles', filters] as const,
  minuteCandles: (securityId: string) => [...stockKeys.security(securityId), 'minute-candles'] as const,
  latestInvestor: (securityId: string) => [...stockKeys.security(securityId), 'latest-investor'] as const,
  company: (securityId: string) => [...stockKeys.security(securityId), 'company'] as const,
  relatedStockLists: () => [...stockKeys.all, 'related-stocks'] as const,
  relatedStocks: (securityId: string, filters: { limit: number }) =>
    [...stockKeys.relatedStockLists(), securityId, filters] as const,
};
