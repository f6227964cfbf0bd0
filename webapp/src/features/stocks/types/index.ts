// Shapes of the stocks feature, all taken from the generated API schema.
import type { components } from '@/lib/api';

type Schemas = components['schemas'];

export type Security = Schemas['Security'];
export type Quote = Schemas['Quote'];
export type QuoteList = Schemas['QuoteList'];
export type SecurityDetail = Schemas['SecurityDetail'];

export type ChangeType = Quote['change_type'];
export type MarketSession = Quote['session'];
export type Market = Security['market'];
