export { api } from './api';
export {
  type ApiClient,
  ApiError,
  type ApiIssue,
  type ApiRequest,
  CLIENT_ERROR_CODES,
  createApiClient,
  isApiError,
  type QueryParams,
  type ServiceName,
  serializeQuery,
} from './client';
export { lazyParse } from './lazy-parse';
