import { coding, CPT, SNOMED, type LexiconEntry } from './lexicon-entry.js';

const procedure = (
  names: string[],
  cpt: [string, string] | undefined,
  snomed: [string, string],
): LexiconEntry => ({
  names,
  codings: [...(cpt ? [coding(CPT, ...cpt)] : []), coding(SNOMED, ...snomed)],
});

/** Common procedures: CPT first (when one code fits the plain term), then SNOMED CT. */
export const PROCEDURE_LEXICON: LexiconEntry[] = [
  procedure(
    ['colonoscopy', 'diagnostic colonoscopy'],
    ['45378', 'Colonoscopy, flexible; diagnostic'],
    ['73761001', 'Colonoscopy'],
  ),
  procedure(
    ['appendectomy', 'appendicectomy'],
    ['44950', 'Appendectomy'],
    ['80146002', 'Appendectomy'],
  ),
  procedure(
    ['laparoscopic cholecystectomy', 'lap chole'],
    ['47562', 'Laparoscopy, surgical; cholecystectomy'],
    ['45595009', 'Laparoscopic cholecystectomy'],
  ),
  procedure(['cholecystectomy'], undefined, ['38102005', 'Cholecystectomy']),
  procedure(
    ['electrocardiogram', 'ecg', 'ekg', '12-lead ecg', '12 lead ekg'],
    [
      '93000',
      'Electrocardiogram, routine ECG with at least 12 leads; with interpretation and report',
    ],
    ['29303009', 'Electrocardiographic procedure'],
  ),
  procedure(
    ['chest x-ray', 'chest xray', 'cxr', 'chest radiograph', 'chest film'],
    ['71046', 'Radiologic examination, chest; 2 views'],
    ['399208008', 'Plain chest X-ray'],
  ),
  procedure(
    ['echocardiogram', 'echo', 'transthoracic echocardiogram', 'tte', 'echocardiography'],
    ['93306', 'Echocardiography, transthoracic, complete, with Doppler'],
    ['40701008', 'Echocardiography'],
  ),
  procedure(
    ['mammogram', 'screening mammogram', 'mammography'],
    ['77067', 'Screening mammography, bilateral'],
    ['71651007', 'Mammography'],
  ),
  procedure(
    ['total knee replacement', 'total knee arthroplasty', 'tka', 'knee replacement'],
    ['27447', 'Arthroplasty, knee, condyle and plateau'],
    ['609588000', 'Total knee replacement'],
  ),
  procedure(
    ['total hip replacement', 'total hip arthroplasty', 'tha', 'hip replacement'],
    ['27130', 'Arthroplasty, acetabular and proximal femoral prosthetic replacement'],
    ['52734007', 'Total replacement of hip'],
  ),
  procedure(
    ['coronary artery bypass graft', 'cabg', 'coronary bypass', 'bypass surgery'],
    undefined,
    ['232717009', 'Coronary artery bypass graft'],
  ),
  procedure(
    ['percutaneous coronary intervention', 'pci', 'coronary angioplasty', 'coronary stent'],
    undefined,
    ['415070008', 'Percutaneous coronary intervention'],
  ),
  procedure(
    ['cataract surgery', 'cataract extraction'],
    ['66984', 'Extracapsular cataract removal with insertion of intraocular lens prosthesis'],
    ['54885007', 'Extraction of cataract'],
  ),
  procedure(
    ['hysterectomy', 'total abdominal hysterectomy'],
    ['58150', 'Total abdominal hysterectomy'],
    ['236886002', 'Hysterectomy'],
  ),
  procedure(
    ['cesarean section', 'c-section', 'cesarean delivery', 'caesarean section'],
    ['59514', 'Cesarean delivery only'],
    ['11466000', 'Cesarean section'],
  ),
  procedure(['tonsillectomy'], undefined, ['173422009', 'Tonsillectomy']),
  procedure(
    ['upper endoscopy', 'egd', 'esophagogastroduodenoscopy'],
    ['43235', 'Esophagogastroduodenoscopy, flexible, transoral; diagnostic'],
    ['76009000', 'Esophagogastroduodenoscopy'],
  ),
  procedure(['hemodialysis', 'dialysis'], undefined, ['302497006', 'Hemodialysis']),
  procedure(['influenza vaccination', 'flu shot', 'flu vaccine'], undefined, [
    '86198006',
    'Administration of vaccine product containing only Influenza virus antigen',
  ]),
  procedure(['physical therapy', 'pt referral'], undefined, [
    '91251008',
    'Physical therapy procedure',
  ]),
];
