import { planBatches, type BatchPlan } from './batch-plan.js';
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
}

/**
 * Files each input resource under its patient (or a shared chunk) as it streams past,
 * then plans the batches once everything is seen.
 */
export class InputRouter {
  private readonly groups = new PatientGroupIndex();
  private readonly sharedChunks: number[] = [];
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
    return { seq, groupRef: sharedGroupRef(chunk) };
  }

  /** Every patient group seen so far, with its content digest. */
  patientGroups(): PatientGroup[] {
    return this.groups.groups();
  }

  /**
   * Batches of the shared resources (always: they own the run's shared rows) and of the
   * patients whose digest differs from `known` (the digests of the last load).
   */
  plan(maxResources: number, known: ReadonlyMap<string, string> = new Map()): LoadPlan {
    const groups = this.groups.groups();
    const changed = groups.filter((group) => known.get(group.patientKey) !== group.digest);
    return {
      shared: this.sharedChunks.map((resources, chunk) => ({
        refs: [sharedGroupRef(chunk)],
        patients: 0,
        resources,
        digests: {},
      })),
      patients: planBatches(changed, maxResources),
      patientCount: groups.filter((group) => group.hasPatient).length,
      orphanGroups: groups.filter((group) => !group.hasPatient).length,
      unchanged: groups.length - changed.length,
    };
  }
}
