import { describe, expect, it } from 'vitest';
import { icd10WordingOfTabularNotes } from './icd10-tabular-wordings.js';
import { icd10WordingOf } from './icd10-wording.js';

describe('icd10WordingOfTabularNotes', () => {
  it('names the musculoskeletal sites by the regions the titles use', () => {
    expect(icd10WordingOfTabularNotes('Gouty arthritis of tarsus, metatarsus and phalanges')).toBe(
      'gouty arthritis of ankle and foot',
    );
    expect(icd10WordingOfTabularNotes('Osteomyelitis, metacarpals and phalanges')).toBe(
      'osteomyelitis, hand',
    );
    expect(icd10WordingOfTabularNotes('Myositis of radius and ulna')).toBe('myositis of forearm');
  });

  it("names a fractured bone's proximal and distal ends as the titles do, upper and lower", () => {
    expect(icd10WordingOfTabularNotes('Torus fracture of distal end of fibula')).toBe(
      'torus fracture of lower end of fibula',
    );
    expect(icd10WordingOfTabularNotes('Dislocation of proximal end of fibula')).toBeNull();
  });

  it('reads a specified digit with unspecified laterality as the "other" digit', () => {
    expect(
      icd10WordingOfTabularNotes(
        'Fracture of middle phalanx of specified finger with unspecified laterality',
      ),
    ).toBe('fracture of middle phalanx of other finger');
  });

  it('reads vessel transections as lacerations, but leaves the spinal cord alone', () => {
    expect(icd10WordingOfTabularNotes('Complete transection of ulnar artery')).toBe(
      'major laceration of ulnar artery',
    );
    expect(icd10WordingOfTabularNotes('Incomplete transection of radial artery')).toBe(
      'minor laceration of radial artery',
    );
    expect(icd10WordingOfTabularNotes('Complete transection of cervical spinal cord')).toBeNull();
  });

  it('reads transmural (Q wave) infarction as STEMI and nontransmural as NSTEMI', () => {
    expect(
      icd10WordingOfTabularNotes('Transmural (Q wave) myocardial infarction of anterior wall'),
    ).toBe('st elevation (stemi) myocardial infarction of anterior wall');
    expect(icd10WordingOfTabularNotes('Nontransmural myocardial infarction')).toBe(
      'non-st elevation (nstemi) myocardial infarction',
    );
  });

  it('names a Glasgow coma scale score by its response', () => {
    expect(icd10WordingOfTabularNotes('Coma scale eyes score of 2')).toBe(
      'coma scale, eyes open, to pain',
    );
    expect(icd10WordingOfTabularNotes('coma scale motor score 6')).toBe(
      'coma scale, best motor response, obeys commands',
    );
    expect(icd10WordingOfTabularNotes('coma scale verbal score of 6')).toBeNull();
  });

  it('leaves other wordings alone', () => {
    expect(icd10WordingOfTabularNotes('Fracture of shaft of radius')).toBeNull();
    expect(icd10WordingOfTabularNotes('Acute myocardial infarction')).toBeNull();
  });
});

describe('icd10WordingOf', () => {
  it('applies the DSM-5 and the tabular rewrites together', () => {
    expect(icd10WordingOf('Opioid use disorder, severe')).toBe('opioid dependence');
    expect(icd10WordingOf('Osteomyelitis, metacarpals and phalanges')).toBe('osteomyelitis, hand');
    expect(icd10WordingOf('Hypertension')).toBeNull();
  });
});
