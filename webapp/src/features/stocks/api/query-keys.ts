// Query-key factory of the stocks feature: every key starts with `stocks`,
// then narrows (TkDodo's hierarchy: all → lists → list(filters) → details → detail(id)).

export const stockKeys = {
  all: ['stocks'] as const,
  details: () => [...stockKeys.all, 'detail'] as const,
  detail: (securityId: string) => [...stockKeys.details(), securityId] as const,
  quoteLists: () => [...stockKeys.all, 'quotes'] as const,
  quoteList: (securityIds: readonly string[]) =>
    [...stockKeys.quoteLists(), { securityIds: [...securityIds] }] as const,
};
