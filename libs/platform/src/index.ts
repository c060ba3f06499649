export { DatabaseModule, type DatabaseModuleOptions } from './database/database.module.js';
export { dataSourceOptions, type MigrationList } from './database/data-source-options.js';
export { runMigrations } from './database/run-migrations.js';
export { EnableExtensions1732262300000 } from './database/migrations/1732262300000-enable-extensions.js';
export { createLogger } from './logging/logger.js';
export { PinoNestLogger } from './logging/pino-nest-logger.js';
export { RedisModule, RedisConnection } from './redis/redis.module.js';
export { failFastRedisOptions, redisOptionsFromUrl } from './redis/redis-options.js';
export { ThrottlingModule } from './throttling/throttling.module.js';
export {
  RedisThrottlerStorage,
  type RateLimitFailureMode,
} from './throttling/redis-throttler-storage.js';
export { HealthModule } from './health/health.module.js';
export { JobsModule, type JobsModuleOptions } from './jobs/jobs.module.js';
export { JOBS_QUEUE } from './jobs/bullmq-job-queue.js';
export { configureHttpApp } from './http/configure-http-app.js';
export { sealSecret, openSecret, assertKey } from './crypto/secret-sealing.js';
export { AesGcmSecretCipher } from './crypto/aes-gcm-secret-cipher.js';
export { secretCipherProvider } from './crypto/secret-cipher.provider.js';
export { resolveEncryptionKey } from './crypto/encryption-key.js';
export { ensureExtensions, MissingExtensionError } from './database/required-extensions.js';
export { exitOnSignals } from './lifecycle/exit-on-signals.js';
export { inCopySession, isEmbedded, type CopySession } from './database/copy-session.js';
export { copyTextFields, copyTextLine, copyTextValue } from './database/copy-text.js';
