import { createClient } from '@oppslag/common/contract/client.ts';
import { request } from './client';

/**
 * The console's typed client: every call names a route contract of `@oppslag/common`, so paths,
 * inputs and answers come from the one declaration the API also mounts. `request()` stays the
 * transport (retry on network loss, 401 handling, ApiError).
 */
export const { call } = createClient((method, path, opts) => request(method, path, opts));
