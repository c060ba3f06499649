import { describe, expect, it } from 'vitest';
import { icd10WordingOfDsm5 } from './dsm5-substance-wordings.js';

describe('icd10WordingOfDsm5', () => {
  it('codes a mild use disorder as abuse and a moderate or severe one as dependence', () => {
    expect(icd10WordingOfDsm5('Opioid use disorder, mild')).toBe('opioid abuse');
    expect(icd10WordingOfDsm5('Opioid use disorder, moderate')).toBe('opioid dependence');
    expect(icd10WordingOfDsm5('Severe cocaine use disorder')).toBe('cocaine dependence');
  });

  it('keeps what follows the severity, in ICD-10 words', () => {
    expect(
      icd10WordingOfDsm5('Cocaine use disorder, severe, with cocaine-induced depressive disorder'),
    ).toBe('cocaine dependence with cocaine-induced mood disorder');
    expect(icd10WordingOfDsm5('Opioid use disorder, mild, in sustained remission')).toBe(
      'opioid abuse in remission',
    );
    expect(
      icd10WordingOfDsm5(
        'Opioid use disorder, moderate, with opioid-induced major neurocognitive disorder',
      ),
    ).toBe('opioid dependence with opioid-induced dementia');
  });

  it('renames the substances ICD-10 names otherwise', () => {
    expect(icd10WordingOfDsm5('Phencyclidine use disorder, mild')).toBe('hallucinogen abuse');
    expect(icd10WordingOfDsm5('Severe other (or unknown) substance use disorder')).toBe(
      'other psychoactive substance dependence',
    );
    expect(icd10WordingOfDsm5('Amphetamine-type substance use disorder, mild')).toBe(
      'other stimulant abuse',
    );
  });

  it('codes tobacco use disorder as tobacco use or nicotine dependence', () => {
    expect(icd10WordingOfDsm5('Tobacco use disorder, mild')).toBe('tobacco use');
    expect(icd10WordingOfDsm5('Tobacco use disorder, severe')).toBe('nicotine dependence');
  });

  it('does not take the "mild" of a mild neurocognitive impairment for a severity', () => {
    expect(
      icd10WordingOfDsm5('Opioid use disorder, with mild neurocognitive impairment'),
    ).toBeNull();
  });

  it('leaves other wordings alone', () => {
    expect(icd10WordingOfDsm5('Opioid dependence, uncomplicated')).toBeNull();
    expect(icd10WordingOfDsm5('Severe depressive episode')).toBeNull();
    expect(icd10WordingOfDsm5('tobacco use')).toBeNull();
  });
});
