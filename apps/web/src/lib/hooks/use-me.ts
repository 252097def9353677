import { useEndpoint } from '../use-endpoint';

/** `GET /v1/me` — the signed-in user. */
export function useMe(enabled = true) {
  return useEndpoint('getMe', enabled ? {} : null);
}
