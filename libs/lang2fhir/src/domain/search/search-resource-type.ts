/**
 * FHIR resource type named by a search request. These are the names of FHIR resources and
 * the everyday words for them (no vocabulary holds FHIR's own resource names), checked in
 * order: the most specific phrasing first.
 */
const TYPE_CUES: readonly [type: string, cue: RegExp][] = [
  [
    'QuestionnaireResponse',
    /\bquestionnaire ?responses?\b|\b(answers?|responses?) to (the )?questionnaires?\b/i,
  ],
  ['Questionnaire', /\bquestionnaires?\b|\bforms?\b|\bsurveys?\b/i],
  ['AllergyIntolerance', /\ballerg(y|ies|ic)\b|\bintolerances?\b/i],
  ['Appointment', /\bappointments?\b|\bappts?\b|\bvisits? scheduled\b|\bbooked\b/i],
  [
    'MedicationRequest',
    /\bmedication requests?\b|\bprescri(ptions?|bed)\b|\bmedications?\b|\bmeds\b|\bdrugs?\b|\brx\b/i,
  ],
  ['Immunization', /\bimmuni[sz]ations?\b|\bvaccin(es?|ations?|ated)\b|\bshots?\b/i],
  ['DiagnosticReport', /\bdiagnostic reports?\b|\breports?\b|\bpanels?\b|\bimaging\b/i],
  [
    'Observation',
    /\bobservations?\b|\blabs?\b|\blab(oratory)? (results?|tests?|values?)\b|\bvitals?\b|\bvital signs?\b|\bblood pressure\b|\bheart rate\b|\bweight\b|\bheight\b|\bbmi\b|\btemperature\b|\bsmok(ing|er)\b|\bresults?\b|\bmeasurements?\b/i,
  ],
  ['Procedure', /\bprocedures?\b|\bsurger(y|ies)\b|\boperations?\b|\bperformed\b/i],
  ['ServiceRequest', /\bservice requests?\b|\breferrals?\b|\borders?\b|\bordered\b/i],
  ['Encounter', /\bencounters?\b|\bvisits?\b|\badmissions?\b|\bhospitali[sz]ations?\b|\bstays?\b/i],
  ['CarePlan', /\bcare ?plans?\b|\btreatment plans?\b/i],
  ['CareTeam', /\bcare ?teams?\b/i],
  ['Goal', /\bgoals?\b/i],
  ['Coverage', /\bcoverages?\b|\binsurance\b|\binsured\b|\bpayers?\b/i],
  ['Device', /\bdevices?\b|\bimplants?\b/i],
  ['DocumentReference', /\bdocuments?\b|\bnotes?\b/i],
  ['Specimen', /\bspecimens?\b|\bsamples?\b/i],
  ['Schedule', /\bschedules?\b/i],
  ['Slot', /\bslots?\b|\bavailabilit(y|ies)\b/i],
  ['PractitionerRole', /\bpractitioner roles?\b/i],
  [
    'Practitioner',
    /\bpractitioners?\b|\bdoctors?\b|\bphysicians?\b|\bclinicians?\b|\bnurses?\b|\bdr\.? [A-Z]/i,
  ],
  ['Organization', /\borgani[sz]ations?\b|\bhospitals?\b|\bclinics?\b/i],
  ['Location', /\blocations?\b|\bwards?\b|\brooms?\b/i],
  ['RelatedPerson', /\brelated persons?\b|\bcaregivers?\b|\bguardians?\b/i],
  ['Provenance', /\bprovenance\b/i],
  ['PlanDefinition', /\bplan definitions?\b|\bprotocols?\b/i],
  ['Medication', /\bmedication (products?|catalog)\b/i],
  [
    'Condition',
    /\bconditions?\b|\bdiagnos(is|es|ed)\b|\bproblems?\b|\bdisorders?\b|\bdiseases?\b|\bhistory of\b/i,
  ],
  ['Patient', /\bpatients?\b|\bpeople\b|\bpersons?\b|\bmen\b|\bwomen\b|\bborn\b/i],
];

/** The type the words name, or undefined when none does. */
export function resourceTypeNamed(text: string): string | undefined {
  return TYPE_CUES.find(([, cue]) => cue.test(text))?.[0];
}
