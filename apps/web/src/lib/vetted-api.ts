import { createVettedApi } from '@vetted/api-client';
import { client } from './api';

/** Typed endpoint functions (contract-driven) used for mutations; reads go through SWR hooks. */
export const api = createVettedApi(client);
