import { coding, ICD10CM, SNOMED, type LexiconEntry } from './lexicon-entry.js';

const problem = (
  names: string[],
  snomed: [string, string],
  icd10?: [string, string],
): LexiconEntry => ({
  names,
  codings: [coding(SNOMED, ...snomed), ...(icd10 ? [coding(ICD10CM, ...icd10)] : [])],
});

/** Common problems, diagnoses and symptoms: SNOMED CT first, then ICD-10-CM. */
export const PROBLEM_LEXICON: LexiconEntry[] = [
  problem(
    ['hypertension', 'htn', 'high blood pressure', 'hypertensive disorder'],
    ['38341003', 'Hypertensive disorder'],
    ['I10', 'Essential (primary) hypertension'],
  ),
  // The more specific concept whenever the text names it.
  problem(
    ['essential hypertension', 'primary hypertension'],
    ['59621000', 'Essential hypertension'],
    ['I10', 'Essential (primary) hypertension'],
  ),
  problem(
    [
      'type 2 diabetes',
      'type 2 diabetes mellitus',
      'type ii diabetes',
      't2dm',
      'dm2',
      'dm 2',
      'dm type 2',
      'diabetes type 2',
      'diabetes mellitus type 2',
      'niddm',
      'type 2 dm',
    ],
    ['44054006', 'Type 2 diabetes mellitus'],
    ['E11.9', 'Type 2 diabetes mellitus without complications'],
  ),
  problem(
    [
      'type 1 diabetes',
      'type 1 diabetes mellitus',
      'type i diabetes',
      't1dm',
      'dm1',
      'diabetes type 1',
      'iddm',
      'type 1 dm',
    ],
    ['46635009', 'Type 1 diabetes mellitus'],
    ['E10.9', 'Type 1 diabetes mellitus without complications'],
  ),
  problem(['diabetes', 'diabetes mellitus', 'dm'], ['73211009', 'Diabetes mellitus']),
  problem(
    ['asthma', 'bronchial asthma'],
    ['195967001', 'Asthma'],
    ['J45.909', 'Unspecified asthma, uncomplicated'],
  ),
  problem(
    ['copd', 'chronic obstructive pulmonary disease', 'chronic obstructive lung disease'],
    ['13645005', 'Chronic obstructive lung disease'],
    ['J44.9', 'Chronic obstructive pulmonary disease, unspecified'],
  ),
  problem(
    ['hyperlipidemia', 'hld', 'dyslipidemia'],
    ['55822004', 'Hyperlipidemia'],
    ['E78.5', 'Hyperlipidemia, unspecified'],
  ),
  problem(
    ['hypercholesterolemia', 'high cholesterol', 'elevated cholesterol'],
    ['13644009', 'Hypercholesterolemia'],
    ['E78.00', 'Pure hypercholesterolemia, unspecified'],
  ),
  problem(
    [
      'coronary artery disease',
      'cad',
      'coronary heart disease',
      'coronary arteriosclerosis',
      'ischemic heart disease',
    ],
    ['53741008', 'Coronary arteriosclerosis'],
    ['I25.10', 'Atherosclerotic heart disease of native coronary artery without angina pectoris'],
  ),
  problem(
    ['atrial fibrillation', 'afib', 'a-fib', 'a fib', 'af'],
    ['49436004', 'Atrial fibrillation'],
    ['I48.91', 'Unspecified atrial fibrillation'],
  ),
  problem(
    ['heart failure', 'chf', 'congestive heart failure', 'hf'],
    ['84114007', 'Heart failure'],
    ['I50.9', 'Heart failure, unspecified'],
  ),
  problem(
    ['chronic kidney disease', 'ckd', 'chronic renal disease', 'chronic renal insufficiency'],
    ['709044004', 'Chronic kidney disease'],
    ['N18.9', 'Chronic kidney disease, unspecified'],
  ),
  problem(
    ['depression', 'depressive disorder'],
    ['35489007', 'Depressive disorder'],
    ['F32.9', 'Major depressive disorder, single episode, unspecified'],
  ),
  problem(
    ['major depressive disorder', 'major depression', 'mdd'],
    ['370143000', 'Major depressive disorder'],
    ['F32.9', 'Major depressive disorder, single episode, unspecified'],
  ),
  problem(
    ['anxiety', 'anxiety disorder'],
    ['197480006', 'Anxiety disorder'],
    ['F41.9', 'Anxiety disorder, unspecified'],
  ),
  problem(
    ['generalized anxiety disorder', 'gad'],
    ['21897009', 'Generalized anxiety disorder'],
    ['F41.1', 'Generalized anxiety disorder'],
  ),
  problem(
    ['obesity', 'obese', 'morbid obesity'],
    ['414916001', 'Obesity'],
    ['E66.9', 'Obesity, unspecified'],
  ),
  problem(
    ['hypothyroidism', 'hypothyroid'],
    ['40930008', 'Hypothyroidism'],
    ['E03.9', 'Hypothyroidism, unspecified'],
  ),
  problem(
    ['gerd', 'gastroesophageal reflux disease', 'acid reflux', 'reflux', 'gastroesophageal reflux'],
    ['235595009', 'Gastroesophageal reflux disease'],
    ['K21.9', 'Gastro-esophageal reflux disease without esophagitis'],
  ),
  problem(
    ['osteoarthritis', 'oa', 'degenerative joint disease', 'djd'],
    ['396275006', 'Osteoarthritis'],
    ['M19.90', 'Unspecified osteoarthritis, unspecified site'],
  ),
  problem(
    ['pneumonia', 'pna'],
    ['233604007', 'Pneumonia'],
    ['J18.9', 'Pneumonia, unspecified organism'],
  ),
  problem(
    ['urinary tract infection', 'uti'],
    ['68566005', 'Urinary tract infectious disease'],
    ['N39.0', 'Urinary tract infection, site not specified'],
  ),
  problem(
    ['migraine', 'migraines', 'migraine headache'],
    ['37796009', 'Migraine'],
    ['G43.909', 'Migraine, unspecified, not intractable, without status migrainosus'],
  ),
  problem(
    ['stroke', 'cva', 'cerebrovascular accident'],
    ['230690007', 'Cerebrovascular accident'],
    ['I63.9', 'Cerebral infarction, unspecified'],
  ),
  problem(
    ['myocardial infarction', 'mi', 'heart attack', 'ami', 'acute myocardial infarction'],
    ['22298006', 'Myocardial infarction'],
    ['I21.9', 'Acute myocardial infarction, unspecified'],
  ),
  problem(
    ['chest pain', 'cp', 'chest discomfort'],
    ['29857009', 'Chest pain'],
    ['R07.9', 'Chest pain, unspecified'],
  ),
  problem(
    ['dyspnea', 'dyspnoea', 'breathlessness'],
    ['267036007', 'Dyspnea'],
    ['R06.00', 'Dyspnea, unspecified'],
  ),
  problem(['cough', 'coughing'], ['49727002', 'Cough'], ['R05', 'Cough']),
  problem(
    ['fever', 'fevers', 'febrile', 'pyrexia'],
    ['386661006', 'Fever'],
    ['R50.9', 'Fever, unspecified'],
  ),
  problem(
    ['headache', 'headaches', 'ha', 'cephalgia'],
    ['25064002', 'Headache'],
    ['R51.9', 'Headache, unspecified'],
  ),
  problem(['nausea', 'nauseated', 'nauseous'], ['422587007', 'Nausea'], ['R11.0', 'Nausea']),
  problem(['vomiting', 'emesis'], ['422400008', 'Vomiting'], ['R11.10', 'Vomiting, unspecified']),
  problem(
    ['abdominal pain', 'abd pain', 'belly pain', 'stomach pain', 'stomach ache'],
    ['21522001', 'Abdominal pain'],
    ['R10.9', 'Unspecified abdominal pain'],
  ),
  problem(
    ['back pain', 'backache', 'lower back pain', 'low back pain'],
    ['161891005', 'Backache'],
    ['M54.9', 'Dorsalgia, unspecified'],
  ),
  problem(
    ['dizziness', 'dizzy', 'lightheadedness', 'lightheaded'],
    ['404640003', 'Dizziness'],
    ['R42', 'Dizziness and giddiness'],
  ),
  problem(['fatigue', 'tiredness', 'tired'], ['84229001', 'Fatigue'], ['R53.83', 'Other fatigue']),
  problem(['edema', 'swelling', 'oedema'], ['267038008', 'Edema'], ['R60.9', 'Edema, unspecified']),
  problem(['anemia', 'anaemia'], ['271737000', 'Anemia'], ['D64.9', 'Anemia, unspecified']),
  problem(['sepsis'], ['91302008', 'Sepsis'], ['A41.9', 'Sepsis, unspecified organism']),
  problem(
    ['allergic rhinitis', 'hay fever', 'seasonal allergies'],
    ['61582004', 'Allergic rhinitis'],
    ['J30.9', 'Allergic rhinitis, unspecified'],
  ),
  problem(
    ['sleep apnea', 'obstructive sleep apnea', 'osa'],
    ['73430006', 'Sleep apnea'],
    ['G47.30', 'Sleep apnea, unspecified'],
  ),
  problem(
    ['epilepsy', 'seizure disorder'],
    ['84757009', 'Epilepsy'],
    ['G40.909', 'Epilepsy, unspecified, not intractable, without status epilepticus'],
  ),
  problem(
    ['dementia'],
    ['52448006', 'Dementia'],
    ['F03.90', 'Unspecified dementia without behavioral disturbance'],
  ),
  problem(
    ["alzheimer's disease", 'alzheimer disease', 'alzheimers', 'alzheimer'],
    ['26929004', "Alzheimer's disease"],
    ['G30.9', "Alzheimer's disease, unspecified"],
  ),
  problem(
    ['hiv', 'hiv infection', 'hiv disease', 'human immunodeficiency virus infection'],
    ['86406008', 'Human immunodeficiency virus infection'],
    ['B20', 'Human immunodeficiency virus [HIV] disease'],
  ),
  problem(
    ['hepatitis c', 'hcv', 'hep c'],
    ['50711007', 'Viral hepatitis type C'],
    ['B19.20', 'Unspecified viral hepatitis C without hepatic coma'],
  ),
  problem(
    ['prediabetes', 'pre-diabetes', 'prediabetic'],
    ['714628002', 'Prediabetes'],
    ['R73.03', 'Prediabetes'],
  ),
  problem(['gout'], ['90560007', 'Gout'], ['M10.9', 'Gout, unspecified']),
  problem(
    ['osteoporosis'],
    ['64859006', 'Osteoporosis'],
    ['M81.0', 'Age-related osteoporosis without current pathological fracture'],
  ),
  problem(
    ['bph', 'benign prostatic hyperplasia', 'enlarged prostate', 'benign prostatic hypertrophy'],
    ['266569009', 'Benign prostatic hyperplasia'],
    ['N40.0', 'Benign prostatic hyperplasia without lower urinary tract symptoms'],
  ),
  problem(['psoriasis'], ['9014002', 'Psoriasis'], ['L40.9', 'Psoriasis, unspecified']),
  problem(
    ['atopic dermatitis', 'eczema'],
    ['24079001', 'Atopic dermatitis'],
    ['L20.9', 'Atopic dermatitis, unspecified'],
  ),
  problem(['insomnia'], ['193462001', 'Insomnia'], ['G47.00', 'Insomnia, unspecified']),
  problem(
    ['rash', 'skin rash'],
    ['271807003', 'Eruption'],
    ['R21', 'Rash and other nonspecific skin eruption'],
  ),
  problem(
    ['diarrhea', 'diarrhoea', 'loose stools'],
    ['62315008', 'Diarrhea'],
    ['R19.7', 'Diarrhea, unspecified'],
  ),
  problem(['constipation'], ['14760008', 'Constipation'], ['K59.00', 'Constipation, unspecified']),
  problem(
    ['syncope', 'fainting', 'passed out'],
    ['271594007', 'Syncope'],
    ['R55', 'Syncope and collapse'],
  ),
  problem(['palpitations', 'palpitation'], ['80313002', 'Palpitations'], ['R00.2', 'Palpitations']),
  problem(
    ['pulmonary embolism', 'pe'],
    ['59282003', 'Pulmonary embolism'],
    ['I26.99', 'Other pulmonary embolism without acute cor pulmonale'],
  ),
  problem(
    ['deep vein thrombosis', 'dvt', 'deep venous thrombosis'],
    ['128053003', 'Deep venous thrombosis'],
    [
      'I82.409',
      'Acute embolism and thrombosis of unspecified deep veins of unspecified lower extremity',
    ],
  ),
  problem(['cellulitis'], ['385627004', 'Cellulitis'], ['L03.90', 'Cellulitis, unspecified']),
  problem(
    ['influenza', 'flu'],
    ['6142004', 'Influenza'],
    [
      'J11.1',
      'Influenza due to unidentified influenza virus with other respiratory manifestations',
    ],
  ),
  problem(
    ['covid-19', 'covid', 'covid 19', 'sars-cov-2 infection', 'coronavirus disease 2019'],
    ['840539006', 'COVID-19'],
    ['U07.1', 'COVID-19'],
  ),
  problem(
    ['acute bronchitis', 'bronchitis'],
    ['10509002', 'Acute bronchitis'],
    ['J20.9', 'Acute bronchitis, unspecified'],
  ),
  problem(['sinusitis', 'sinus infection'], ['36971009', 'Sinusitis']),
  problem(
    ['otitis media', 'ear infection'],
    ['65363002', 'Otitis media'],
    ['H66.90', 'Otitis media, unspecified, unspecified ear'],
  ),
  problem(
    ['pharyngitis', 'strep throat'],
    ['405737000', 'Pharyngitis'],
    ['J02.9', 'Acute pharyngitis, unspecified'],
  ),
  problem(
    ['conjunctivitis', 'pink eye'],
    ['9826008', 'Conjunctivitis'],
    ['H10.9', 'Unspecified conjunctivitis'],
  ),
  problem(['hypokalemia', 'low potassium'], ['43339004', 'Hypokalemia'], ['E87.6', 'Hypokalemia']),
  problem(
    ['hyperkalemia', 'high potassium'],
    ['14140009', 'Hyperkalemia'],
    ['E87.5', 'Hyperkalemia'],
  ),
  problem(
    ['hyponatremia', 'low sodium'],
    ['89627008', 'Hyponatremia'],
    ['E87.1', 'Hypo-osmolality and hyponatremia'],
  ),
  problem(
    ['acute kidney injury', 'aki', 'acute renal failure', 'arf'],
    ['14669001', 'Acute kidney injury'],
    ['N17.9', 'Acute kidney failure, unspecified'],
  ),
  problem(
    ['cirrhosis', 'liver cirrhosis', 'cirrhosis of liver'],
    ['19943007', 'Cirrhosis of liver'],
    ['K74.60', 'Unspecified cirrhosis of liver'],
  ),
  problem(
    ['pancreatitis', 'acute pancreatitis'],
    ['75694006', 'Pancreatitis'],
    ['K85.90', 'Acute pancreatitis without necrosis or infection, unspecified'],
  ),
  problem(['appendicitis'], ['74400008', 'Appendicitis'], ['K37', 'Unspecified appendicitis']),
  problem(
    ['cholecystitis'],
    ['76581006', 'Cholecystitis'],
    ['K81.9', 'Cholecystitis, unspecified'],
  ),
  problem(
    ['kidney stone', 'kidney stones', 'nephrolithiasis', 'renal calculus', 'renal stone'],
    ['95570007', 'Kidney stone'],
    ['N20.0', 'Calculus of kidney'],
  ),
  problem(
    ['hypoglycemia', 'low blood sugar'],
    ['302866003', 'Hypoglycemia'],
    ['E16.2', 'Hypoglycemia, unspecified'],
  ),
  problem(
    ['hyperthyroidism', 'hyperthyroid', 'thyrotoxicosis'],
    ['34486009', 'Hyperthyroidism'],
    ['E05.90', 'Thyrotoxicosis, unspecified without thyrotoxic crisis or storm'],
  ),
  problem(
    ['rheumatoid arthritis', 'ra'],
    ['69896004', 'Rheumatoid arthritis'],
    ['M06.9', 'Rheumatoid arthritis, unspecified'],
  ),
  problem(
    ['lupus', 'systemic lupus erythematosus', 'sle'],
    ['55464009', 'Systemic lupus erythematosus'],
    ['M32.9', 'Systemic lupus erythematosus, unspecified'],
  ),
  problem(
    ['shortness of breath', 'sob'],
    ['267036007', 'Dyspnea'],
    ['R06.02', 'Shortness of breath'],
  ),
  problem(
    ['sore throat', 'throat pain'],
    ['162397003', 'Pain in throat'],
    ['R07.0', 'Pain in throat'],
  ),
  problem(['wheezing', 'wheeze', 'wheezes'], ['56018004', 'Wheezing'], ['R06.2', 'Wheezing']),
];
