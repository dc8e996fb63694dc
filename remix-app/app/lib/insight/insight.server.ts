import { apiGet } from '../core/api.server';

export function loadOverview(request: Request, days: string) {
  return apiGet(request, '/api/insight/overview', { params: { query: { days: Number(days) as 7 | 30 | 90 | 365 } } });
}
