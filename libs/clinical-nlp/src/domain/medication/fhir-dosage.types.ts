/** The subset of a FHIR R4 Dosage that the sig parser fills. */
export interface FhirCoding {
  system?: string;
  code?: string;
  display?: string;
}

export interface FhirCodeableConcept {
  coding?: FhirCoding[];
  text?: string;
}

export interface FhirQuantity {
  value?: number;
  comparator?: '<' | '<=' | '>=' | '>';
  unit?: string;
  system?: string;
  code?: string;
}

export interface FhirTimingRepeat {
  boundsDuration?: FhirQuantity;
  count?: number;
  frequency?: number;
  frequencyMax?: number;
  period?: number;
  periodMax?: number;
  periodUnit?: 's' | 'min' | 'h' | 'd' | 'wk' | 'mo' | 'a';
  when?: string[];
}

export interface FhirTiming {
  repeat?: FhirTimingRepeat;
  code?: FhirCodeableConcept;
}

export interface FhirDosage {
  text?: string;
  timing?: FhirTiming;
  asNeededBoolean?: boolean;
  asNeededCodeableConcept?: FhirCodeableConcept;
  route?: FhirCodeableConcept;
  doseAndRate?: {
    type?: FhirCodeableConcept;
    doseQuantity?: FhirQuantity;
    doseRange?: { low?: FhirQuantity; high?: FhirQuantity };
  }[];
}
