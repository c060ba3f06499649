export { AppError, RETRY_AFTER_SECONDS } from './errors/app-error.js';
export { CommonErrorCodes } from './errors/error-codes.js';
export { DomainError, type DomainErrorKind } from './errors/domain-error.js';
export {
  ERROR_STATUS,
  expectedFailure,
  summarizeFailure,
  type ExpectedFailure,
} from './http/error-status.js';
export { OAuthError, type OAuthErrorCode } from './errors/oauth-error.js';
export { errorBody, ok, type ErrorBody } from './http/envelope.js';
export { mapHttpError, type MappedHttpError } from './http/http-error.mapper.js';
export { AllExceptionsFilter } from './http/all-exceptions.filter.js';
export { OutageLog } from './http/outage-log.js';
export { isDatabaseUnavailable } from './http/database-unavailable.js';
export {
  createValidationPipe,
  flattenValidationErrors,
  validationFailed,
  type FieldViolation,
} from './http/validation.js';
export { encodeCursor, decodeCursor } from './pagination/cursor-codec.js';
export { EnvReader } from './config/env-reader.js';
export {
  AppConfig,
  ConfigError,
  loadConfig,
  type Profile,
  type LogLevel,
  type LogFormat,
} from './config/app-config.js';
export { ConfigModule } from './config/config.module.js';
export { RequestContext, type Tenant } from './context/request-context.js';
export { PLANS, isPlan, type Plan } from './context/plan.js';
export { deadlineSignal, throwIfStopped } from './context/work-signal.js';
export { workPacer, WORK_SLICE_MS } from './context/work-pacer.js';
export { inLanes } from './context/in-lanes.js';
export {
  JobQueue,
  JobHandlerRegistry,
  JobProcessor,
  InvalidJobPayloadError,
  JobInterruptedError,
  type JobState,
  type JobDefinition,
  type JobHandler,
  type JobContext,
  type EnqueueOptions,
} from './jobs/job-queue.port.js';
export { Public, PUBLIC_ROUTE } from './http/public.decorator.js';
export { RawJson } from './http/raw-json.js';
export { SecretCipher } from './crypto/secret-cipher.js';
export { isUuid } from './ids/is-uuid.js';
export { boundedEditDistance } from './text/bounded-edit-distance.js';
export {
  DEFAULT_MAX_JSON_DEPTH,
  JSON_DEPTH_CEILING,
  findJsonProblem,
  findDecodedJsonProblem,
  findJsonProblemAt,
  describeJsonProblem,
  unstorableCharacter,
  type JsonProblem,
} from './json/json-safety.js';
export { jsonProblemError, assertSafeJson } from './json/json-problem-error.js';
export { parseJsonInSlices, type SlicedParseResult } from './json/sliced-json-parse.js';
export { inBackground, isBackgroundWork } from './context/background-work.js';
