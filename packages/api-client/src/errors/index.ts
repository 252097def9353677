export { ApiError, isApiError, type ApiErrorInit, type RequestInfo } from './api-error';
export { HttpError, isHttpError, UNKNOWN_ERROR_MESSAGE } from './http-error';
export { TimeoutError, isTimeoutError, CONNECTION_TIMEOUT_MESSAGE } from './timeout-error';
export { RequestError, isRequestError, REQUEST_ERROR_FALLBACK_MESSAGE } from './request-error';
