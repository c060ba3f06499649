/**
 * Abbreviations and lay words clinicians type that code-system descriptions spell out.
 * A query word found here is searched as itself or as the expansion (either may match).
 * Written from common clinical usage; the descriptions of ICD-10-CM, SNOMED and LOINC
 * use the expanded forms.
 */
export const CLINICAL_ABBREVIATIONS: Readonly<Record<string, string>> = {
  afib: 'atrial fibrillation',
  aki: 'acute kidney failure',
  aml: 'acute myeloid leukemia',
  bph: 'benign prostatic hyperplasia',
  cabg: 'aortocoronary bypass graft',
  cad: 'coronary artery disease',
  cancer: 'malignant neoplasm',
  chf: 'heart failure',
  ckd: 'chronic kidney disease',
  cll: 'chronic lymphocytic leukemia',
  cml: 'chronic myeloid leukemia',
  copd: 'chronic obstructive pulmonary disease',
  cva: 'cerebral infarction',
  dka: 'diabetic ketoacidosis',
  dm: 'diabetes mellitus',
  dvt: 'deep vein thrombosis',
  gallstones: 'calculus of gallbladder',
  gerd: 'gastro-esophageal reflux disease',
  htn: 'hypertension',
  mets: 'secondary malignant neoplasm',
  metastatic: 'secondary malignant neoplasm',
  mi: 'myocardial infarction',
  mva: 'motor vehicle accident',
  oa: 'osteoarthritis',
  ocd: 'obsessive-compulsive disorder',
  osa: 'obstructive sleep apnea',
  pe: 'pulmonary embolism',
  ptsd: 'post-traumatic stress disorder',
  ra: 'rheumatoid arthritis',
  stone: 'calculus',
  strep: 'streptococcal',
  tia: 'transient cerebral ischemic attack',
  uri: 'upper respiratory infection',
  uti: 'urinary tract infection',
};
