import type {
  TextToFhirOptions,
  TextToFhirResult,
} from '../queries/text-to-fhir/text-to-fhir.query.js';

/**
 * One FHIR R4 resource built from clinical text, not stored: for the libraries that build
 * resources from words (workflows, the agents' tools). `resource` is a requestable kind,
 * `auto` or the id of an uploaded profile. The errors are those of POST /lang2fhir/create.
 */
export abstract class TextToFhir {
  abstract build(
    accountId: string,
    resource: string,
    text: string,
    options?: TextToFhirOptions,
  ): Promise<TextToFhirResult>;
}
