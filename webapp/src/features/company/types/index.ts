// Shapes of the company feature (company summary, financial statements, investors,
// traders), from the API schema.
import type { ApiResponse } from '@/lib/api';

export type CompanyDetail = ApiResponse<'/api/v1/securities/{security_id}/company'>;
export type Company = CompanyDetail['company'];

export type StatementList = ApiResponse<'/api/v1/securities/{security_id}/financial_statements/quarterly'>;
export type Statement = StatementList['statements'][number];

/** Quarterly (8 quarters) or yearly (5 years) statements. */
export type StatementTerm = 'quarterly' | 'yearly';

export type InvestorPage = ApiResponse<'/api/v1/securities/{security_id}/investors'>;
export type Investor = InvestorPage['investors'][number];
export type DayTraderPage = ApiResponse<'/api/v1/securities/{security_id}/day_traders'>;
export type DayTrader = DayTraderPage['day_traders'][number];
export type Trader = DayTrader['sells'][number];
export type RecentTrader = ApiResponse<'/api/v1/securities/{security_id}/recent_trader'>;

/** The securities firms the order modal offers (spec §3 Security firm: key, name; and its trading flag). */
export type SecurityFirmList = ApiResponse<'/v13/security_firms'>;
export type SecurityFirm = SecurityFirmList['security_firms'][number];
