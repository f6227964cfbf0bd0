// POST /api/v1/reports {type, id, report_type, content} (member) → 201 {report}: one of spec
// §5's reasons; `content` (at most 500 characters) only with `other`. 409 already_reported.
import { useMutation } from '@tanstack/react-query';

import { socialApi } from '@/lib/api';

import type { ReportBody, ReportType, ReportedType } from '../types';

import { apiPath } from './path';

export type NewReport = { type: ReportedType; id: number; reportType: ReportType; content: string };

export function createReport({ type, id, reportType, content }: NewReport): Promise<ReportBody> {
  return socialApi.request<ReportBody>(apiPath('/api/v1/reports', {}), {
    method: 'POST',
    json: { type, id, report_type: reportType, content: reportType === 'other' ? content : '' },
  });
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
