/** All staged resources of one patient: the references they were filed under, and how many. */
export interface PatientGroup {
  /** The patient's key (`Patient/id`), or the unresolved reference itself for an orphan group. */
  patientKey: string;
  /** Whether a Patient resource with this key was in the input. */
  hasPatient: boolean;
  /** Every reference spelling the group's resources were filed under. */
  refs: string[];
  resources: number;
}

/**
 * Groups resources per patient while the input streams past, in any file order: bulk
 * exports split resources by type, so a Condition usually arrives before or after its
 * Patient, under any spelling of the reference (`Patient/1`, an absolute URL, a
 * `urn:uuid:`, `Patient?identifier=…`). References are resolved once everything is seen.
 */
export class PatientGroupIndex {
  private readonly patientByAlias = new Map<string, string>();
  private readonly patients = new Set<string>();
  private readonly resourcesByRef = new Map<string, number>();

  /** A Patient, filed under its own key and known by all its aliases. */
  addPatient(key: string, aliases: readonly string[]): void {
    this.patients.add(key);
    this.patientByAlias.set(key, key);
    for (const alias of aliases)
      if (!this.patientByAlias.has(alias)) this.patientByAlias.set(alias, key);
    this.count(key);
  }

  /** A resource of some patient, filed under the reference it names its patient with. */
  addPatientResource(reference: string): void {
    this.count(reference);
  }

  resolve(reference: string): string {
    return this.patientByAlias.get(reference) ?? reference;
  }

  groups(): PatientGroup[] {
    const groups = new Map<string, PatientGroup>();
    for (const [ref, resources] of this.resourcesByRef) {
      const patientKey = this.resolve(ref);
      let group = groups.get(patientKey);
      if (!group) {
        group = { patientKey, hasPatient: this.patients.has(patientKey), refs: [], resources: 0 };
        groups.set(patientKey, group);
      }
      group.refs.push(ref);
      group.resources += resources;
    }
    return [...groups.values()];
  }

  private count(ref: string): void {
    this.resourcesByRef.set(ref, (this.resourcesByRef.get(ref) ?? 0) + 1);
  }
}
