import { coding, LOINC, type LexiconEntry } from './lexicon-entry.js';

const lab = (names: string[], code: string, display: string): LexiconEntry => ({
  names,
  codings: [coding(LOINC, code, display)],
});

/** Common laboratory tests and their LOINC codes (serum/plasma unless said otherwise). */
export const LAB_LEXICON: LexiconEntry[] = [
  lab(
    ['lipid panel', 'lipid profile', 'fasting lipid panel', 'lipids'],
    '24331-1',
    'Lipid 1996 panel - Serum or Plasma',
  ),
  lab(
    ['cbc', 'complete blood count', 'cbc panel', 'blood count'],
    '58410-2',
    'CBC panel - Blood by Automated count',
  ),
  lab(
    ['cbc with differential', 'cbc with diff', 'cbc w/ diff'],
    '57021-8',
    'CBC W Auto Differential panel - Blood',
  ),
  lab(
    ['bmp', 'basic metabolic panel', 'chem 7', 'chem-7'],
    '24321-2',
    'Basic metabolic 2000 panel - Serum or Plasma',
  ),
  lab(
    ['cmp', 'comprehensive metabolic panel', 'chem 14'],
    '24323-8',
    'Comprehensive metabolic 2000 panel - Serum or Plasma',
  ),
  lab(
    ['liver function tests', 'lfts', 'lft', 'hepatic function panel', 'liver panel'],
    '24325-3',
    'Hepatic function 2000 panel - Serum or Plasma',
  ),
  lab(
    ['renal function panel', 'renal panel'],
    '24362-6',
    'Renal function 2000 panel - Serum or Plasma',
  ),
  lab(['urinalysis', 'ua', 'urine analysis'], '24356-8', 'Urinalysis complete panel - Urine'),
  lab(['hemoglobin', 'hgb', 'hb'], '718-7', 'Hemoglobin [Mass/volume] in Blood'),
  lab(['hematocrit', 'hct'], '4544-3', 'Hematocrit [Volume Fraction] of Blood by Automated count'),
  lab(
    [
      'white blood cell count',
      'white blood cells',
      'white count',
      'wbc',
      'wbc count',
      'leukocyte count',
      'leukocytes',
    ],
    '6690-2',
    'Leukocytes [#/volume] in Blood by Automated count',
  ),
  lab(
    ['platelet count', 'platelets', 'plt', 'platelet'],
    '777-3',
    'Platelets [#/volume] in Blood by Automated count',
  ),
  lab(
    ['red blood cell count', 'rbc', 'rbc count', 'erythrocyte count'],
    '789-8',
    'Erythrocytes [#/volume] in Blood by Automated count',
  ),
  lab(['mcv', 'mean corpuscular volume'], '787-2', 'MCV [Entitic volume] by Automated count'),
  lab(
    ['glucose', 'blood glucose', 'blood sugar', 'serum glucose', 'bg', 'random glucose'],
    '2345-7',
    'Glucose [Mass/volume] in Serum or Plasma',
  ),
  lab(
    ['fasting glucose', 'fasting blood glucose', 'fasting blood sugar', 'fbg', 'fbs'],
    '1558-6',
    'Fasting glucose [Mass/volume] in Serum or Plasma',
  ),
  lab(
    [
      'hemoglobin a1c',
      'hba1c',
      'a1c',
      'hgba1c',
      'hgb a1c',
      'glycated hemoglobin',
      'glycosylated hemoglobin',
    ],
    '4548-4',
    'Hemoglobin A1c/Hemoglobin.total in Blood',
  ),
  lab(
    ['creatinine', 'serum creatinine', 'cr', 'creat'],
    '2160-0',
    'Creatinine [Mass/volume] in Serum or Plasma',
  ),
  lab(
    ['blood urea nitrogen', 'bun', 'urea nitrogen'],
    '3094-0',
    'Urea nitrogen [Mass/volume] in Serum or Plasma',
  ),
  lab(['sodium', 'na', 'serum sodium'], '2951-2', 'Sodium [Moles/volume] in Serum or Plasma'),
  lab(
    ['potassium', 'k', 'serum potassium'],
    '2823-3',
    'Potassium [Moles/volume] in Serum or Plasma',
  ),
  lab(['chloride', 'cl'], '2075-0', 'Chloride [Moles/volume] in Serum or Plasma'),
  lab(
    ['bicarbonate', 'bicarb', 'hco3', 'co2', 'total co2'],
    '2028-9',
    'Carbon dioxide, total [Moles/volume] in Serum or Plasma',
  ),
  lab(['calcium', 'ca', 'serum calcium'], '17861-6', 'Calcium [Mass/volume] in Serum or Plasma'),
  lab(
    ['magnesium', 'mg level', 'serum magnesium'],
    '19123-9',
    'Magnesium [Mass/volume] in Serum or Plasma',
  ),
  lab(['phosphorus', 'phosphate', 'phos'], '2777-1', 'Phosphate [Mass/volume] in Serum or Plasma'),
  lab(['albumin', 'serum albumin'], '1751-7', 'Albumin [Mass/volume] in Serum or Plasma'),
  lab(['total protein'], '2885-2', 'Protein [Mass/volume] in Serum or Plasma'),
  lab(
    ['alt', 'alanine aminotransferase', 'sgpt'],
    '1742-6',
    'Alanine aminotransferase [Enzymatic activity/volume] in Serum or Plasma',
  ),
  lab(
    ['ast', 'aspartate aminotransferase', 'sgot'],
    '1920-8',
    'Aspartate aminotransferase [Enzymatic activity/volume] in Serum or Plasma',
  ),
  lab(
    ['alkaline phosphatase', 'alk phos', 'alp'],
    '6768-6',
    'Alkaline phosphatase [Enzymatic activity/volume] in Serum or Plasma',
  ),
  lab(
    ['total bilirubin', 'bilirubin', 't bili', 'tbili'],
    '1975-2',
    'Bilirubin.total [Mass/volume] in Serum or Plasma',
  ),
  lab(
    ['direct bilirubin', 'conjugated bilirubin', 'd bili'],
    '1968-7',
    'Bilirubin.direct [Mass/volume] in Serum or Plasma',
  ),
  lab(
    ['total cholesterol', 'cholesterol'],
    '2093-3',
    'Cholesterol [Mass/volume] in Serum or Plasma',
  ),
  lab(
    ['ldl', 'ldl cholesterol', 'ldl-c', 'low density lipoprotein'],
    '13457-7',
    'Cholesterol in LDL [Mass/volume] in Serum or Plasma by calculation',
  ),
  lab(
    ['hdl', 'hdl cholesterol', 'hdl-c', 'high density lipoprotein'],
    '2085-9',
    'Cholesterol in HDL [Mass/volume] in Serum or Plasma',
  ),
  lab(
    ['triglycerides', 'triglyceride', 'tg', 'trig'],
    '2571-8',
    'Triglyceride [Mass/volume] in Serum or Plasma',
  ),
  lab(
    ['tsh', 'thyroid stimulating hormone', 'thyrotropin'],
    '3016-3',
    'Thyrotropin [Units/volume] in Serum or Plasma',
  ),
  lab(
    ['free t4', 'ft4', 'free thyroxine'],
    '3024-7',
    'Thyroxine (T4) free [Mass/volume] in Serum or Plasma',
  ),
  lab(
    ['inr', 'international normalized ratio'],
    '6301-6',
    'INR in Platelet poor plasma by Coagulation assay',
  ),
  lab(['prothrombin time', 'pt time', 'protime'], '5902-2', 'Prothrombin time (PT)'),
  lab(
    ['ptt', 'aptt', 'partial thromboplastin time', 'activated partial thromboplastin time'],
    '3173-2',
    'aPTT in Blood by Coagulation assay',
  ),
  lab(
    ['troponin', 'troponin i', 'trop i', 'tni', 'cardiac troponin'],
    '10839-9',
    'Troponin I.cardiac [Mass/volume] in Serum or Plasma',
  ),
  lab(
    ['troponin t', 'tnt', 'trop t'],
    '6598-7',
    'Troponin T.cardiac [Mass/volume] in Serum or Plasma',
  ),
  lab(
    ['bnp', 'brain natriuretic peptide', 'b-type natriuretic peptide'],
    '30934-4',
    'Natriuretic peptide B [Mass/volume] in Serum or Plasma',
  ),
  lab(
    ['nt-probnp', 'nt probnp', 'pro-bnp', 'probnp'],
    '33762-6',
    'Natriuretic peptide.B prohormone N-Terminal [Mass/volume] in Serum or Plasma',
  ),
  lab(
    ['lactate', 'lactic acid', 'serum lactate'],
    '2524-7',
    'Lactate [Moles/volume] in Serum or Plasma',
  ),
  lab(
    ['crp', 'c-reactive protein', 'c reactive protein'],
    '1988-5',
    'C reactive protein [Mass/volume] in Serum or Plasma',
  ),
  lab(
    ['esr', 'sed rate', 'erythrocyte sedimentation rate'],
    '30341-2',
    'Erythrocyte sedimentation rate',
  ),
  lab(['ferritin'], '2276-4', 'Ferritin [Mass/volume] in Serum or Plasma'),
  lab(
    ['vitamin d', '25-hydroxyvitamin d', '25-oh vitamin d', 'vit d', '25(oh)d'],
    '62292-8',
    '25-Hydroxyvitamin D3+25-Hydroxyvitamin D2 [Mass/volume] in Serum or Plasma',
  ),
  lab(
    ['vitamin b12', 'b12', 'cobalamin'],
    '2132-9',
    'Cobalamin (Vitamin B12) [Mass/volume] in Serum or Plasma',
  ),
  lab(['folate', 'folic acid level'], '2284-8', 'Folate [Mass/volume] in Serum or Plasma'),
  lab(
    ['psa', 'prostate specific antigen'],
    '2857-1',
    'Prostate specific Ag [Mass/volume] in Serum or Plasma',
  ),
  lab(['lipase'], '3040-3', 'Lipase [Enzymatic activity/volume] in Serum or Plasma'),
  lab(['amylase'], '1798-8', 'Amylase [Enzymatic activity/volume] in Serum or Plasma'),
  lab(['uric acid', 'urate'], '3084-1', 'Urate [Mass/volume] in Serum or Plasma'),
  lab(
    ['egfr', 'gfr', 'estimated gfr', 'glomerular filtration rate'],
    '33914-3',
    'Glomerular filtration rate/1.73 sq M.predicted [Volume Rate/Area] in Serum or Plasma by Creatinine-based formula (MDRD)',
  ),
];
