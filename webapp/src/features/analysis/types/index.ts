// Shapes of the analysis feature (financial statements), from the API schema.
import type { ApiResponse } from '@/lib/api';

export type StatementList = ApiResponse<'/api/v1/securities/{security_id}/financial_statements/quarterly'>;
export type Statement = StatementList['statements'][number];

/** Quarterly (8 quarters) or yearly (5 years) statements. */
export type StatementTerm = 'quarterly' | 'yearly';
