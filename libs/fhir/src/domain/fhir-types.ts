// @medplum/fhirtypes ships declarations only (its "main" is empty), which resolvers other
// than TypeScript's cannot follow; this one module names the declaration file, and the
// rest of the code takes the FHIR R4 types from here.
export type {
  Address,
  Bundle,
  BundleEntry,
  BundleLink,
  CapabilityStatement,
  CapabilityStatementRestResource,
  CapabilityStatementRestResourceSearchParam,
  ExtractResource,
  HumanName,
  Meta,
  OperationOutcome,
  Period,
  Reference,
  Resource,
  ResourceType,
  SearchParameter,
  Timing,
} from '@medplum/fhirtypes/dist/index.d.ts';
