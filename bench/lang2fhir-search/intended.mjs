// The resources a request intends, worked out from the loaded data and the vocabulary files:
// those of its type whose code is the request's code or one of its descendants in the Athena
// subset's CONCEPT_ANCESTOR (a class names its members), about the request's patient when it
// has one, and dated inside the year bound the request states.
import { codingOf, patientIdOf, SHAPES } from './requests.mjs';

const VOCABULARY_OF = {
  'http://snomed.info/sct': 'SNOMED',
  'http://www.nlm.nih.gov/research/umls/rxnorm': 'RxNorm',
  'http://hl7.org/fhir/sid/cvx': 'CVX',
  'http://loinc.org': 'LOINC',
};

export function intendedFinder(resources, concepts, descendants) {
  const idOf = new Map();
  for (const concept of concepts.values())
    idOf.set(`${concept.vocabulary_id}|${concept.concept_code}`, concept.concept_id);
  const codesUnder = (system, code) => {
    const codes = new Set([`${system}|${code}`]);
    const id = idOf.get(`${VOCABULARY_OF[system]}|${code}`);
    for (const below of descendants.get(id) ?? []) {
      const concept = concepts.get(below);
      if (concept?.vocabulary_id === VOCABULARY_OF[system])
        codes.add(`${system}|${concept.concept_code}`);
    }
    return codes;
  };
  return (request) => {
    const codes = codesUnder(request.system, request.code);
    const ids = new Set();
    for (const resource of resources) {
      if (resource.resourceType !== request.type) continue;
      if (request.patient && patientIdOf(resource) !== request.patient) continue;
      const { coding } = codingOf(resource);
      if (!codes.has(`${coding?.system}|${coding?.code}`)) continue;
      if (request.date) {
        const year = Number(String(SHAPES[request.type].date(resource) ?? '').slice(0, 4));
        const wanted = Number(request.date.year);
        if (request.date.bound === 'in' ? year !== wanted : year < wanted) continue;
      }
      ids.add(resource.id);
    }
    return ids;
  };
}
