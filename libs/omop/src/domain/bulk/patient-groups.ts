import { ContentDigest } from './content-digest.js';

/** All staged resources of one patient: the references they were filed under, and how many. */
export interface PatientGroup {
  /** The patient's key (`Patient/id`), or the unresolved reference itself for an orphan group. */
  patientKey: string;
  /** Whether a Patient resource with this key was in the input. */
  hasPatient: boolean;
  /** Every reference spelling the group's resources were filed under. */
  refs: string[];
  resources: number;
  /** The digest of the group's resources (see ContentDigest): equal digests, equal input. */
  digest: string;
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
  private readonly digestByRef = new Map<string, ContentDigest>();

  /** A Patient, filed under its own key and known by all its aliases. */
  addPatient(key: string, aliases: readonly string[], contentHash = 0n): void {
    this.patients.add(key);
    this.patientByAlias.set(key, key);
    for (const alias of aliases)
      if (!this.patientByAlias.has(alias)) this.patientByAlias.set(alias, key);
    this.count(key, contentHash);
  }

  /** A resource of some patient, filed under the reference it names its patient with. */
  addPatientResource(reference: string, contentHash = 0n): void {
    this.count(reference, contentHash);
  }

  resolve(reference: string): string {
    return this.patientByAlias.get(reference) ?? reference;
  }

  groups(): PatientGroup[] {
    const groups = new Map<string, Omit<PatientGroup, 'digest'> & { sum: ContentDigest }>();
    for (const [ref, resources] of this.resourcesByRef) {
      const patientKey = this.resolve(ref);
      let group = groups.get(patientKey);
      if (!group) {
        group = {
          patientKey,
          hasPatient: this.patients.has(patientKey),
          refs: [],
          resources: 0,
          sum: new ContentDigest(),
        };
        groups.set(patientKey, group);
      }
      group.refs.push(ref);
      group.resources += resources;
      group.sum.merge(this.digestByRef.get(ref)!);
    }
    return [...groups.values()].map(({ sum, ...group }) => ({ ...group, digest: sum.toString() }));
  }

  private count(ref: string, contentHash: bigint): void {
    this.resourcesByRef.set(ref, (this.resourcesByRef.get(ref) ?? 0) + 1);
    let digest = this.digestByRef.get(ref);
    if (!digest) this.digestByRef.set(ref, (digest = new ContentDigest()));
    digest.add(contentHash);
  }
}
