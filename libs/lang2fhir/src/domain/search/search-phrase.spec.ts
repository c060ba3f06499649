import { describe, expect, it } from 'vitest';
import { searchedPhrase } from './search-phrase.js';
import { resourceTypeNamed } from './search-resource-type.js';

describe('search from text: the searched phrase', () => {
  it('drops commands, type words, dates and linking words around the concept', () => {
    expect(searchedPhrase('show encounters: Encounter for problem since 2019')).toBe(
      'Encounter for problem',
    );
    expect(searchedPhrase('patients allergic to peanuts')).toBe('peanuts');
    expect(searchedPhrase('who was diagnosed with chronic sinusitis in March 2021?')).toBe(
      'chronic sinusitis',
    );
    expect(searchedPhrase('list encounters of type Home visit before 2020-05-01')).toBe(
      'Home visit',
    );
    expect(searchedPhrase('Urgent care clinic visits since 2018')).toBe('Urgent care clinic');
    expect(searchedPhrase('find patients with Disorder of kidney since 1970')).toBe(
      'Disorder of kidney',
    );
    expect(searchedPhrase('active meds for patient 123, first 5')).toBe('');
    expect(searchedPhrase('list meds: Kyleena 19.5 MG Intrauterine System.')).toBe(
      'Kyleena 19.5 MG Intrauterine System',
    );
  });
});

describe('search from text: the type a request names', () => {
  it('takes the head noun: after a command, else the last one ending its phrase', () => {
    expect(resourceTypeNamed('show encounters: Administration of vaccine to a child')).toBe(
      'Encounter',
    );
    expect(resourceTypeNamed('Administration of vaccine to a child visits since 2020')).toBe(
      'Encounter',
    );
    expect(resourceTypeNamed('show medication orders for amoxicillin')).toBe('MedicationRequest');
    expect(resourceTypeNamed('patients who underwent colonoscopy')).toBe('Procedure');
    expect(resourceTypeNamed('flu vaccine given in 2019')).toBe('Immunization');
    expect(resourceTypeNamed('find patients over 60')).toBe('Patient');
    expect(resourceTypeNamed('asthma since 2020')).toBeUndefined();
  });
});
