import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { TextToFhir } from '../ports/text-to-fhir.js';
import type { BuildInput } from '../../domain/build-input.js';
import { BUILDERS } from '../../domain/builders/index.js';
import { detectKind } from '../../domain/detect-kind.js';
import { linkTargetsFor } from '../../domain/link-targets.js';
import { asProcedureReportedDone } from '../../domain/procedure-reported-done.js';
import { withRequestedMention } from '../../domain/requested-mention.js';
import type { ResourceKind } from '../../domain/resource-kinds.js';
import { subjectFor } from '../../domain/subject.js';
import type {
  TextToFhirOptions,
  TextToFhirResult,
} from '../queries/text-to-fhir/text-to-fhir.query.js';
import { nothingFound, requireUsableText } from '../lang2fhir-errors.js';
import { ClinicalTextReader } from './clinical-text-reader.js';
import { CustomProfiles } from './custom-profiles.js';
import { ResourceChecker } from './resource-checker.js';

/**
 * One resource from text: check the request, analyse the text, pick the kind (`auto`),
 * link the mentions its builder uses, build, validate. Shared by the text-to-FHIR query
 * and the create command, so that neither handler calls the other.
 */
@Injectable()
export class ResourceFromText implements TextToFhir {
  constructor(
    private readonly reader: ClinicalTextReader,
    private readonly checker: ResourceChecker,
    private readonly profiles: CustomProfiles,
  ) {}

  async build(
    accountId: string,
    resource: string,
    text: string,
    options: TextToFhirOptions = {},
  ): Promise<TextToFhirResult> {
    // A built-in kind, `auto`, or an uploaded profile (built by the builder of its type).
    const { kind: requested, profile } = await this.profiles.resolve(accountId, resource);
    requireUsableText(text);
    const now = options.now ?? new Date();
    const analysed = this.reader.analyze(text, now);
    let kind: ResourceKind;
    let detection: TextToFhirResult['detection'];
    if (requested === 'auto') {
      const detected = detectKind(analysed);
      if (!detected) throw nothingFound('auto');
      kind = detected.kind;
      detection = { reason: detected.reason, ...(detected.span ? { span: detected.span } : {}) };
    } else {
      kind = requested;
    }
    // A named kind is built from whatever the text gives: the drugs the vocabulary knows, the
    // words the request is about.
    let analysis = await this.reader.withVocabularyWhole(
      accountId,
      withRequestedMention(
        kind === 'medicationrequest' ? await this.reader.withVocabularyDrugs(analysed) : analysed,
        kind,
      ),
      kind,
    );
    const links = await this.reader.link(accountId, linkTargetsFor(analysis, kind));
    // What the engine read as a problem may be a procedure the vocabulary names, reported as had.
    const done =
      requested === 'auto' && kind === 'condition-problems-health-concerns'
        ? asProcedureReportedDone(analysis, links)
        : null;
    if (done) {
      kind = 'procedure';
      analysis = done;
      detection = { reason: 'a procedure the vocabulary names, reported as had or done' };
    }
    const input: BuildInput = {
      analysis,
      links,
      now: now.toISOString(),
      newId: randomUUID,
      subject: subjectFor(analysis, options.patient),
    };
    const built = BUILDERS[kind](input);
    if (!built) throw nothingFound(kind);
    this.checker.assertValid(kind, built.resource);
    return {
      resource: profile
        ? await this.profiles.apply(accountId, profile, built.resource)
        : built.resource,
      resourceKind: kind,
      derivations: built.derivations,
      description: built.description,
      ...(detection ? { detection } : {}),
    };
  }
}
