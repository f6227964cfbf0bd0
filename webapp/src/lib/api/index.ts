export { ApiError, NETWORK_ERROR_STATUS, isApiErrorBody } from './api-error';
export type { ApiErrorBody } from './api-error';
export { mainApi, mobileWebApi, socialApi, unwrap } from './client';
export type { ApiClient, ApiResponse, paths } from './client';
export type { components } from './schema';
