export const SUMMARY_MODES = ['narrative', 'flatten', 'ips'] as const;
export type SummaryMode = (typeof SUMMARY_MODES)[number];

export const IPS_FORMATS = ['text', 'bundle'] as const;
export type IpsFormat = (typeof IPS_FORMATS)[number];
