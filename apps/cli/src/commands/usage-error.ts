/** A mistake in how the command was called: printed with the usage, exit code 2. */
export class UsageError extends Error {}

export const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  migrate                                   apply pending database migrations
  clients:create --account NAME --plan paid|free [--name LABEL] [--json]
                                            create an API client (and the account when new);
                                            --json prints one line {"client_id":…,"client_secret":…}
  vocab:import --athena DIR                 import an Athena vocabulary download (any subset of its files)
  vocab:import --icd10cm ORDER_FILE | --loinc Loinc.csv | --hcpcs FILE [--release VERSION]
                                            import a publisher's code file (.gz accepted)
  omop:load --ndjson DIR | --bundles DIR --target postgres://…[?schema=NAME]
            [--schema NAME] [--ddl DIR] [--jobs N] [--full]
                                            load FHIR NDJSON (.gz accepted) or Bundle files into an
                                            OMOP CDM v5.4 schema (default cdm), created from the
                                            official DDL in --ddl when absent; re-runs upsert and
                                            skip unchanged patients (--full rewrites every one)
  help                                      show this text

The database is the configured one: DATABASE_URL (server profile) or DATA_DIR (embedded PGlite).
`;
