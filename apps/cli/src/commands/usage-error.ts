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
  help                                      show this text

The database is the configured one: DATABASE_URL (server profile) or DATA_DIR (embedded PGlite).
`;
