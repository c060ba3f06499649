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

/** Feedback is its account's own: saved and listed for the account passed first. */
export abstract class FeedbackRepository {
  abstract save(accountId: string, feedback: ExtractionFeedback): Promise<string>;
  /** Newest first. */
  abstract listOwned(accountId: string, limit: number): Promise<StoredFeedback[]>;
}
