// Shapes of the ETF pages (spec §3 exchangeTradedAnalyses / Assets / Values), from the API schema.
import type { components } from '@/lib/api';

type Schemas = components['schemas'];

export type EtfAnalysis = Schemas['ExchangeTradedAnalysis'];
export type EtfAnalysisDetail = Schemas['ExchangeTradedAnalysisDetail'];
export type EtfComponentList = Schemas['ExchangeTradedAssetList'];
export type EtfValueList = Schemas['ExchangeTradedValueList'];
