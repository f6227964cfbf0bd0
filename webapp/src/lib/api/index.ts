export { ApiError, NETWORK_ERROR_STATUS, isApiErrorBody } from './api-error';
export type { ApiErrorBody } from './api-error';
export { configureApiAuth, mainApi, mobileWebApi, socialApi, unwrap } from './client';
export type { ApiAuth, ApiResponse, paths } from './client';
export type { components } from './schema';
