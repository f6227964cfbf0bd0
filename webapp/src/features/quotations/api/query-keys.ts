// Query-key factory of the quotations feature (TkDodo's hierarchy):
// quotations → security → list kind → filters.

export const quotationKeys = {
  all: ['quotations'] as const,
  security: (securityId: string) => [...quotationKeys.all, securityId] as const,
  dailyList: (securityId: string, filters: { limit: number }) =>
    [...quotationKeys.security(securityId), 'daily', filters] as const,
  investorList: (securityId: string, filters: { limit: number }) =>
    [...quotationKeys.security(securityId), 'investors', filters] as const,
  dayTraderList: (securityId: string, filters: { limit: number }) =>
    [...quotationKeys.security(securityId), 'day-traders', filters] as const,
  recentTrader: (securityId: string) => [...quotationKeys.security(securityId), 'recent-trader'] as const,
};
