/**
 * `pnpm start` (`node dist/server.js`): sets V8's heap limits (heap-flags.ts), then loads the
 * server (server-main.ts). The server is imported dynamically so that none of its modules is
 * evaluated before the limits are set: static imports of a bundle's chunks would run first.
 */
import './heap-flags';

await import('./server-main');
