/**
 * Wordings that ICD-10-CM's tabular list itself gives as equivalent to its titles' own words:
 * the musculoskeletal chapter's site subdivisions ("ankle and foot" is the tarsus, metatarsus
 * and phalanges; "hand" the metacarpus and phalanges), a fractured bone's upper and lower end
 * (its proximal and distal end), the "other finger" codes (a specified finger with unspecified
 * laterality), the blood-vessel injuries (a minor laceration is an
 * incomplete transection, a major one a complete transection), transmural (Q wave) infarction
 * for ST elevation (STEMI) infarction, and the Glasgow coma scale's scores for the coma-scale
 * codes' response names. A query worded the other way is rewritten into the titles' words.
 *
 * A hand list because no vocabulary loaded with ICD-10-CM holds these as synonyms. Written from
 * ICD-10's site table, the tabular's notes and the Glasgow coma scale, not from any query set.
 */
const SITE_AND_INJURY_WORDINGS: readonly (readonly [RegExp, string])[] = [
  [/\btarsus,? metatarsus,? and phalanges\b/g, 'ankle and foot'],
  [/\b(?:carpus,? )?metacarp(?:us|als),? and phalanges\b/g, 'hand'],
  [/\bradius and ulna\b/g, 'forearm'],
  // The fracture titles name a long bone's ends upper and lower, never proximal and distal.
  [/\bfracture of proximal end\b/g, 'fracture of upper end'],
  [/\bfracture of distal end\b/g, 'fracture of lower end'],
  [/\b(?:tibia and fibula|fibula and tibia)\b/g, 'lower leg'],
  [/\bspecified (finger|toe)s? with unspecified laterality\b/g, 'other $1'],
  [/\bincomplete transection\b(?! of (?:\w+ )?spinal cord)/g, 'minor laceration'],
  [/\bcomplete transection\b(?! of (?:\w+ )?spinal cord)/g, 'major laceration'],
  [/\bnon-?transmural\b(?: \(?non-?q wave\)?)?/g, 'non-st elevation (nstemi)'],
  [/\btransmural\b(?: \(?q wave\)?)?/g, 'st elevation (stemi)'],
];

/** The Glasgow coma scale: each response's name by its score. */
const COMA_SCALE: Readonly<Record<string, { words: string; byScore: readonly string[] }>> = {
  eye: { words: 'eyes open', byScore: ['never', 'to pain', 'to sound', 'spontaneous'] },
  verbal: {
    words: 'best verbal response',
    byScore: [
      'none',
      'incomprehensible words',
      'inappropriate words',
      'confused conversation',
      'oriented',
    ],
  },
  motor: {
    words: 'best motor response',
    byScore: [
      'none',
      'extension',
      'abnormal flexion',
      'flexion withdrawal',
      'localizes pain',
      'obeys commands',
    ],
  },
};
const COMA_SCALE_SCORE =
  /\bcoma scale,? (eyes?(?: opening)?|verbal|motor)(?: response)? score (?:of )?([1-6])\b/;

/** The query in the tabular's title words, or null when no rule applies. */
export function icd10WordingOfTabularNotes(query: string): string | null {
  const lower = query.toLowerCase();
  let text = lower;
  for (const [pattern, replacement] of SITE_AND_INJURY_WORDINGS)
    text = text.replace(pattern, replacement);
  const coma = COMA_SCALE_SCORE.exec(text);
  if (coma) {
    const scale = COMA_SCALE[coma[1].startsWith('eye') ? 'eye' : coma[1]];
    const response = scale.byScore[Number(coma[2]) - 1];
    if (response !== undefined)
      text = text.replace(coma[0], `coma scale, ${scale.words}, ${response}`);
  }
  return text === lower ? null : text;
}
