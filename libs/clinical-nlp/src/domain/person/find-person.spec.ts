import { describe, expect, it } from 'vitest';
import { findGender } from './find-gender.js';
import { findName } from './find-name.js';
import { findPerson } from './find-person.js';

const REFERENCE = new Date('2024-05-10T12:00:00Z');

describe('findName', () => {
  it.each([
    ['John Smith is a 45-year-old male with hypertension.', ['John'], 'Smith', 'John Smith'],
    ['Patient Jane Doe presents with cough.', ['Jane'], 'Doe', 'Jane Doe'],
    ['Patient: Mary Ann Jones', ['Mary', 'Ann'], 'Jones', 'Mary Ann Jones'],
    ['Name: Doe, Jane. Sex: F.', ['Jane'], 'Doe', 'Doe, Jane'],
    ['Mr. Smith presents with chest pain.', [], 'Smith', 'Smith'],
    ['Mrs. Alice Brown was seen today.', ['Alice'], 'Brown', 'Alice Brown'],
    ['patient named Robert J. Miller', ['Robert', 'J'], 'Miller', 'Robert J. Miller'],
    ["Sean O'Brien, a 30 yo man, reports fever.", ['Sean'], "O'Brien", "Sean O'Brien"],
  ])('%s', (text, given, family, written) => {
    const name = findName(text);
    expect(name?.given).toEqual(given);
    expect(name?.family).toBe(family);
    expect(name?.span.text).toBe(written);
    expect(text.slice(name!.span.start, name!.span.end)).toBe(written);
  });

  it.each([
    'Patient denies chest pain.',
    'The Patient Reports Fever.',
    'Seen by Dr. House today.',
    'BP 120/80',
  ])('finds no name in "%s"', (text) => {
    expect(findName(text)).toBeUndefined();
  });
});

describe('findGender', () => {
  it.each([
    ['45-year-old male', 'male', 'male'],
    ['a 30 year old woman', 'female', 'woman'],
    ['62 yo F with COPD', 'female', 'F'],
    ['45M presents with pain', 'male', 'M'],
    ['Sex: M', 'male', 'M'],
    ['Gender: female', 'female', 'female'],
    ['transgender patient', 'other', 'transgender'],
    ['Mr. Jones', 'male', 'Mr.'],
    ['Mrs. Jones', 'female', 'Mrs.'],
    ['She reports headache. Her pain is 5/10.', 'female', 'She'],
    ['He was seen; his wife says he is better.', 'male', 'He'],
  ])('%s → %s', (text, gender, written) => {
    const found = findGender(text);
    expect(found?.gender).toBe(gender);
    expect(found?.span.text).toBe(written);
  });

  it('says nothing without evidence', () => {
    expect(findGender('Cough for two days.')).toBeUndefined();
  });
});

describe('findPerson', () => {
  it('collects name, gender, birth date, age and identifiers', () => {
    const text = 'John Smith is a 45-year-old male. MRN: 123456. DOB 1979-03-04. SSN 123-45-6789.';
    expect(findPerson(text, REFERENCE)).toMatchObject({
      given: ['John'],
      family: 'Smith',
      gender: 'male',
      birthDate: '1979-03-04',
      birthDateSpan: { text: '1979-03-04' },
      ageYears: 45,
      identifiers: [
        { kind: 'MRN', value: '123456', label: 'MRN' },
        { kind: 'SSN', value: '123-45-6789' },
      ],
    });
  });

  it.each([
    ['born on March 4, 1980', '1980-03-04'],
    ['Date of birth: 04/03/1975', '1975-04-03'],
    ['D.O.B. Jan 2, 2001', '2001-01-02'],
  ])('birth date in "%s"', (text, birthDate) => {
    expect(findPerson(text, REFERENCE)?.birthDate).toBe(birthDate);
  });

  it.each([
    ['a 45-year-old man', 45],
    ['62 yo F', 62],
    ['age: 30', 30],
    ['aged 71', 71],
    ['8 y/o boy', 8],
  ])('age in "%s"', (text, age) => {
    expect(findPerson(text, REFERENCE)?.ageYears).toBe(age);
  });

  it('reads other identifiers, phone and e-mail', () => {
    const person = findPerson(
      'Member ID: XJ99812. Medical record number 00-77-12. Phone (555) 123-4567, email jane.doe@example.com',
      REFERENCE,
    );
    expect(person?.identifiers.map((i) => [i.kind, i.value])).toEqual([
      ['MRN', '00-77-12'],
      ['OTHER', 'XJ99812'],
    ]);
    expect(person?.phone).toBe('555-123-4567');
    expect(person?.email).toBe('jane.doe@example.com');
  });

  it('gives undefined when the text says nothing about a person', () => {
    expect(findPerson('BP 120/80, HR 72.', REFERENCE)).toBeUndefined();
  });
});
