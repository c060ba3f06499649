/** A mistake in how the command was called: printed with the usage, exit code 2. */
export class UsageError extends Error {}

export const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  migrate                                   apply pending database migrations
  clients:create --account NAME --plan paid|free [--name LABEL] [--json]
                                            create an API client (and the account when new);
                                            --json prints one line {"client_id":…,"client_secret":…}
  help                                      show this text

The database is the configured one: DATABASE_URL (server profile) or DATA_DIR (embedded PGlite).
`;
