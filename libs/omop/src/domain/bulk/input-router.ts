import { planBatches, type BatchPlan } from './batch-plan.js';
import { ContentDigest } from './content-digest.js';
import { resourceAliases, resourceKey, type FhirResourceLike } from './fhir-references.js';
import { patientReferenceOf } from './patient-compartment.js';
import { PatientGroupIndex, type PatientGroup } from './patient-groups.js';
import { sharedGroupRef } from './shared-groups.js';

/** Where one resource is filed in staging. */
export interface RoutedResource {
  seq: number;
  groupRef: string;
}

export interface LoadPlan {
  /** Batches of shared resources: written first, they own provider, care_site and location rows. */
  shared: BatchPlan[];
  /** Batches of whole patients. */
  patients: BatchPlan[];
  patientCount: number;
  orphanGroups: number;
  /** Patients (and orphan groups) left out because their digest matched the last load's. */
  unchanged: number;
  /** Shared resources left out because every slice's digest matched the last load's (else 0). */
  unchangedShared: number;
}

/**
 * Files each input resource under its patient (or a shared chunk) as it streams past,
 * then plans the batches once everything is seen.
 */
export class InputRouter {
  private readonly groups = new PatientGroupIndex();
  private readonly sharedChunks: number[] = [];
  private readonly sharedDigests: ContentDigest[] = [];
  private seq = 0;
  private sharedCount = 0;

  constructor(private readonly sharedChunkSize: number) {}

  /** `contentHash`: a 128-bit hash of the resource's content, for incremental loads. */
  route(resource: FhirResourceLike, fullUrl?: string, contentHash = 0n): RoutedResource {
    const seq = ++this.seq;
    if (resource.resourceType === 'Patient') {
      const key = resourceKey(resource, fullUrl) ?? `Patient/#${seq}`;
      this.groups.addPatient(key, resourceAliases(resource, fullUrl), contentHash);
      return { seq, groupRef: key };
    }
    const patient = patientReferenceOf(resource);
    if (patient !== undefined) {
      this.groups.addPatientResource(patient, contentHash);
      return { seq, groupRef: patient };
    }
    const chunk = Math.floor(this.sharedCount++ / this.sharedChunkSize);
    this.sharedChunks[chunk] = (this.sharedChunks[chunk] ?? 0) + 1;
    (this.sharedDigests[chunk] ??= new ContentDigest()).add(contentHash);
    return { seq, groupRef: sharedGroupRef(chunk) };
  }

  /** Every patient group seen so far, with its content digest. */
  patientGroups(): PatientGroup[] {
    return this.groups.groups();
  }

  /** The keys the shared slices' digests are recorded under (`#shared/<n>`, one per slice). */
  sharedKeys(): string[] {
    return this.sharedChunks.map((_, chunk) => sharedGroupRef(chunk));
  }

  /**
   * Batches of the patients whose digest differs from `known` (the digests of the last
   * load, shared slices' under their group reference) and of the shared resources, all or
   * none: a slice reads the others (the roles of its practitioners), so its rows may change
   * when another slice does. They are left out only when every slice's digest is known.
   */
  plan(maxResources: number, known: ReadonlyMap<string, string> = new Map()): LoadPlan {
    const groups = this.groups.groups();
    const changed = groups.filter((group) => known.get(group.patientKey) !== group.digest);
    const shared = this.sharedChunks.map((resources, chunk) => {
      const ref = sharedGroupRef(chunk);
      return {
        refs: [ref],
        patients: 0,
        resources,
        digests: { [ref]: this.sharedDigests[chunk].toString() },
      };
    });
    const sharedUnchanged =
      shared.length > 0 &&
      shared.every((batch) => known.get(batch.refs[0]) === batch.digests[batch.refs[0]]);
    return {
      shared: sharedUnchanged ? [] : shared,
      patients: planBatches(changed, maxResources),
      patientCount: groups.filter((group) => group.hasPatient).length,
      orphanGroups: groups.filter((group) => !group.hasPatient).length,
      unchanged: groups.length - changed.length,
      unchangedShared: sharedUnchanged ? this.sharedCount : 0,
    };
  }
}
