import type { ContractContext, ContractResponse } from './contract-case.js';
import { loadPublicApiDocument } from './public-api-document.js';

const document = loadPublicApiDocument();

/**
 * Sends every request body the public API document gives as an example for an operation (what
 * the SDK's users copy). A 400 that refuses the body's shape (an unknown or mistyped field)
 * fails the case; other answers (404 for an id the example made up) are validated as usual.
 */
export async function sendDocumentExamples(
  context: ContractContext,
  operation: string,
  path: string,
): Promise<ContractResponse[]> {
  const [method] = operation.split(' ');
  const responses: ContractResponse[] = [];
  for (const body of document?.requestExamples(operation) ?? []) {
    const response = await context.call(method, path, { body });
    const answer = JSON.stringify(response.body);
    if (response.status === 400 && /should not exist|must be an? (string|object)/.test(answer)) {
      throw new Error(
        `${operation} refused the document's example ${JSON.stringify(body)}: ${answer}`,
      );
    }
    responses.push(response);
  }
  return responses;
}
