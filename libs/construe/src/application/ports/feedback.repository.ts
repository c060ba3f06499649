/** What a caller said about one extraction: what they got and what they expected. */
export interface ExtractionFeedback {
  text: string;
  receivedResult: unknown;
  expectedResult: unknown;
  detail: string | null;
}

export interface StoredFeedback extends ExtractionFeedback {
  id: string;
  createdAt: Date;
}

/** Feedback is the caller's account's own: saved and listed within the request's tenant. */
export abstract class FeedbackRepository {
  abstract save(feedback: ExtractionFeedback): Promise<string>;
  /** Newest first. */
  abstract list(limit: number): Promise<StoredFeedback[]>;
}
