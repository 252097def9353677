export {
  createClient,
  DEFAULT_MAX_RETRY_DELAY_MS,
  DEFAULT_RETRY_BASE_DELAY_MS,
  DEFAULT_RETRY_LIMIT,
  DEFAULT_RETRY_METHODS,
  DEFAULT_RETRY_STATUS_CODES,
  type AccessToken,
  type Client,
  type ClientConfig,
  type Method,
  type RequestOptions,
  type RetryConfig,
} from './client';
export {
  buildPath,
  createVettedApi,
  type CallOptions,
  type CreateOrderOptions,
  type VettedApi,
} from './endpoints';
export * from './errors/index';
export { MESSAGES, type MessageKey } from './messages';
export { appendQuery, joinUrl, type QueryParams, type QueryPrimitive } from './query';
