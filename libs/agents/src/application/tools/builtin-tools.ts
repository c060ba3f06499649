import type { CodeSearch } from '@app/construe';
import { REQUESTABLE_KINDS, type TextToFhir } from '@app/lang2fhir';
import type { FhirToOmopMapper } from '@app/omop';
import type { SummaryGenerator } from '@app/summary';
import { z } from 'zod';
import { defineTool, type ServiceTool } from './service-tool.js';

const system = z
  .string()
  .min(1)
  .max(100)
  .describe('Code system name, e.g. ICD10CM, SNOMED_CT_US_LITE, LOINC, RXNORM or a custom one');
const version = z
  .string()
  .min(1)
  .max(100)
  .optional()
  .describe('Version, when the system has several');
const fhirResources = z
  .record(z.string(), z.unknown())
  .describe('One FHIR R4 resource or a Bundle');

/** The ports of the libraries whose capabilities are offered as tools. */
export interface BuiltinCapabilities {
  codes: CodeSearch;
  lang2fhir: TextToFhir;
  omop: FhirToOmopMapper;
  summaries: SummaryGenerator;
}

/** The service's own capabilities (construe, lang2fhir, fhir2omop, fhir2summary) for one account. */
export function builtinTools(
  accountId: string,
  { codes, lang2fhir, omop, summaries }: BuiltinCapabilities,
): ServiceTool[] {
  return [
    defineTool({
      name: 'construe_search_text',
      title: 'Search a code system by text',
      description:
        'Find codes of a code system by words or a code prefix (typo tolerant). Returns codes with descriptions and scores.',
      input: z.object({
        system,
        query: z.string().min(1).max(500).describe('Words or the start of a code'),
        limit: z.number().int().min(1).max(100).default(10),
        version,
      }),
      run: (args) => codes.searchText(accountId, args.system, args.query, args.limit, args.version),
    }),
    defineTool({
      name: 'construe_search_semantic',
      title: 'Search a code system by meaning',
      description:
        'Find the codes of a code system nearest in meaning to a clinical phrase (embeddings).',
      input: z.object({
        system,
        text: z.string().min(1).max(2000).describe('A clinical phrase'),
        limit: z.number().int().min(1).max(50).default(10),
        version,
      }),
      run: (args) =>
        codes.searchSemantic(accountId, args.system, args.text, args.limit, args.version),
    }),
    defineTool({
      name: 'construe_extract',
      title: 'Extract codes from text',
      description:
        'Find the codes of a code system named in a clinical text, with their character offsets.',
      input: z.object({
        text: z.string().min(1).max(100_000),
        system,
        version,
      }),
      run: (args) => codes.extract(accountId, args.text, args.system, args.version),
    }),
    defineTool({
      name: 'lang2fhir_create',
      title: 'Build a FHIR resource from text',
      description:
        'Build one FHIR R4 resource from clinical text without storing it. Returns the resource and how each element was derived.',
      input: z.object({
        resource: z
          .enum(REQUESTABLE_KINDS)
          .default('auto')
          .describe('The kind of resource to build; auto detects it'),
        text: z.string().min(1).max(100_000).describe('Clinical text'),
      }),
      run: async (args) => {
        const result = await lang2fhir.build(accountId, args.resource, args.text);
        return {
          resource: result.resource,
          resource_kind: result.resourceKind,
          derivations: result.derivations,
        };
      },
    }),
    defineTool({
      name: 'fhir2omop',
      title: 'Map FHIR to OMOP',
      description: 'Map FHIR R4 data to OMOP CDM v5.4 rows, with the mapping of each code.',
      input: z.object({
        fhir_resources: fhirResources,
        vocab_version: z.string().min(1).max(100).optional(),
      }),
      run: (args) => omop.map(args.fhir_resources, args.vocab_version),
    }),
    defineTool({
      name: 'fhir2summary',
      title: 'Summarise FHIR data',
      description:
        'Summarise FHIR R4 data as text: narrative (fills a stored summary template, template_id needed), ' +
        'flatten (one line per element, for search) or ips (an International Patient Summary of a Bundle with one Patient).',
      input: z.object({
        mode: z.enum(['narrative', 'flatten', 'ips']),
        fhir_resources: fhirResources,
        template_id: z
          .string()
          .min(1)
          .max(100)
          .optional()
          .describe('Summary template id (narrative)'),
      }),
      run: (args) =>
        summaries.generate(accountId, args.mode, args.fhir_resources, args.template_id ?? null),
    }),
  ];
}
