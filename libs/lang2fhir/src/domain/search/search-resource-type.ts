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
  [
    'Procedure',
    /\bprocedures?\b|\bsurger(y|ies)\b|\boperations?\b|\bperformed\b|\bunderw(ent|ent)\b|\bundergone\b/i,
  ],
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

/** Words that come right after the type noun of a request: a boundary of its noun phrase. */
const AFTER_HEAD =
  /^\s*(?:$|[:?,;.]|\(|\b(?:for|of|with|to|since|in|on|from|between|before|after|during|given|performed|done|prescribed|ordered|recorded|that|where|which|dated|this|last|\d))/i;
/** A leading command ("show", "list all", "find the"): the noun right after it is the type. */
const COMMAND =
  /^\s*(?:please\s+)?(?:show|list|find|get|search(?: for)?|give me|display|pull|retrieve|fetch|return|count)(?:\s+(?:me|all|the|any|every|my|recent|active|current|completed|past|latest))*\s+/i;

interface CueMatch {
  type: string;
  start: number;
  end: number;
}

function cueMatches(text: string): CueMatch[] {
  const found: CueMatch[] = [];
  for (const [type, cue] of TYPE_CUES) {
    for (const match of text.matchAll(new RegExp(cue.source, 'gi'))) {
      const start = match.index;
      const end = start + match[0].length;
      // One span, one type: the most specific cue (listed first) keeps it.
      if (found.some((other) => start < other.end && other.start < end)) continue;
      found.push({ type, start, end });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/**
 * The type the words name, or undefined when none does. Of several type words, the head of
 * the request wins: the noun right after a command ("show encounters …"), else the last one
 * ending its noun phrase ("Administration of vaccine … visits since 2020"), else the first.
 * "Patients" names the type only when nothing else does ("patients with asthma" searches
 * Conditions, which the caller decides from the clinical finding).
 */
export function resourceTypeNamed(text: string): string | undefined {
  const matches = cueMatches(text);
  const clinical = matches.filter((match) => match.type !== 'Patient');
  return (headOf(text, clinical) ?? clinical[0] ?? matches[0])?.type;
}

/** The type named by the head of the request only (not by a word inside the concept's name). */
export function resourceTypeAtHead(text: string): string | undefined {
  return headOf(
    text,
    cueMatches(text).filter((match) => match.type !== 'Patient'),
  )?.type;
}

function headOf(text: string, clinical: CueMatch[]): CueMatch | undefined {
  const command = COMMAND.exec(text);
  const afterCommand = command && clinical.find((match) => match.start === command[0].length);
  if (afterCommand) return afterCommand;
  return clinical.filter((match) => AFTER_HEAD.test(text.slice(match.end))).at(-1);
}

/** Whether one word is a word for a resource type ("encounters", "meds", "vaccine"). */
export function isTypeWord(word: string): boolean {
  return TYPE_CUES.some(([, cue]) => cue.test(word));
}

/**
 * The type that records a concept of this OMOP domain and vocabulary (the FHIR-to-OMOP
 * routing read backwards): drugs are prescriptions, CVX drugs immunizations, measurements
 * observations, SNOMED findings of the Observation domain conditions.
 */
export function resourceTypeOfDomain(
  domainId: string | undefined,
  vocabularyId: string,
): string | undefined {
  switch (domainId) {
    case 'Condition':
      return 'Condition';
    case 'Procedure':
      return 'Procedure';
    case 'Drug':
      return vocabularyId === 'CVX' ? 'Immunization' : 'MedicationRequest';
    case 'Measurement':
      return 'Observation';
    case 'Observation':
      return vocabularyId === 'SNOMED' ? 'Condition' : 'Observation';
    case 'Visit':
      return 'Encounter';
    case 'Device':
      return 'Device';
    default:
      return undefined;
  }
}
