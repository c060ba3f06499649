/** A stored summary template of one account. `template` holds placeholders in the `<<…>>` form. */
export interface SummaryTemplate {
  id: string;
  accountId: string;
  name: string;
  description: string;
  template: string;
  targetResources: string[];
  /** Stored as given at creation; narrative rendering does not depend on it. */
  mode: string;
  metadata: TemplateMetadata;
  createdAt: Date;
  updatedAt: Date;
}

export interface TemplateSpan {
  start: number;
  end: number;
  text: string;
  placeholder: string;
}

/** How the template was made, and which spans of the example became which placeholders. */
export interface TemplateMetadata {
  derived_from: 'example_fhir_data' | 'example_summary' | 'template';
  placeholder_count: number;
  spans: TemplateSpan[];
}
