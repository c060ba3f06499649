import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { planBundle, type PlannedBundle } from '../../domain/bundle/plan-bundle.js';
import { hasPersonDetails } from '../../domain/builders/patient.js';
import { linkTargetsForBundle } from '../../domain/link-targets.js';
import { invalidResource, nothingFound } from '../lang2fhir-errors.js';
import { ClinicalTextReader } from './clinical-text-reader.js';
import { ResourceChecker } from './resource-checker.js';

/**
 * The linked resources a text describes, each checked: the planning step shared by the
 * stored multi-create and the unstored `/lang2fhir/create/multi`. Text with nothing
 * clinical and no person details is a 422; an entry that fails its checks is a 422.
 */
@Injectable()
export class BundlePlanner {
  constructor(
    private readonly reader: ClinicalTextReader,
    private readonly checker: ResourceChecker,
  ) {}

  async plan(accountId: string, text: string, patient?: string): Promise<PlannedBundle> {
    const now = new Date();
    const analysis = this.reader.analyze(text, now);
    const links = await this.reader.link(accountId, linkTargetsForBundle(analysis));
    const plan = planBundle(
      { analysis, links, now: now.toISOString(), newId: randomUUID },
      patient,
    );
    const clinical = plan.entries.filter(
      (entry) => entry.built.resource.resourceType !== 'Patient',
    );
    if (clinical.length === 0 && !hasPersonDetails(analysis.person)) throw nothingFound('auto');
    for (const entry of plan.entries) {
      const issues = this.checker.issues(entry.kind, entry.built.resource);
      if (issues.length > 0) throw invalidResource(entry.built.resource.resourceType, issues);
    }
    return plan;
  }
}
