import type { ClinicalPhrase } from '@app/clinical-nlp';
import type { BuildInput, Built } from '../build-input.js';
import { SYSTEM } from '../code-systems.js';
import { Derivations } from '../derivation.js';
import type { AllergyIntolerance } from '../fhir.js';
import { conceptOf, describeConcept, fixedConcept } from '../fhir-values.js';
import { ALLERGY_PROFILE } from '../profiles.js';
import { subjectOf } from './common.js';

/** US Core AllergyIntolerance for an allergy the text states (multi-resource bundles only). */
export function buildAllergyFrom(
  input: BuildInput,
  phrase: ClinicalPhrase,
): Built<AllergyIntolerance> {
  const derivations = new Derivations();
  const linked = input.links.get(phrase.span);
  const code = conceptOf(phrase.span.text, linked);
  derivations.record('code', phrase.span, linked ? `vocabulary:${linked.method}` : 'text');
  const uncertain = phrase.assertion.uncertain;
  const allergy: AllergyIntolerance = {
    resourceType: 'AllergyIntolerance',
    meta: { profile: [ALLERGY_PROFILE] },
    clinicalStatus: fixedConcept(SYSTEM.ALLERGY_CLINICAL, 'active', 'Active'),
    verificationStatus: fixedConcept(
      SYSTEM.ALLERGY_VERIFICATION,
      uncertain ? 'unconfirmed' : 'confirmed',
      uncertain ? 'Unconfirmed' : 'Confirmed',
    ),
    code,
    patient: subjectOf(input, 'patient', derivations),
  };
  return {
    resource: allergy,
    derivations: derivations.list(),
    description: `Allergy: ${describeConcept(code)}`,
  };
}
