/**
 * The API's configuration: the environment's schema (config/schema.ts), the settings it maps
 * to (config/load.ts) and the warnings of a production start (config/warnings.ts).
 */
export { ConfigError, type Env, envSchema, parseEnv } from './config/schema';
export {
  type Config,
  configSchema,
  findRepoRoot,
  loadConfig,
  type S3Settings,
  type StripeSettings,
} from './config/load';
export { type ConfigWarning, productionWarnings } from './config/warnings';
