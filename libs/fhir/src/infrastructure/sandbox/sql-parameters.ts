/** Collects positional parameters ($1, $2, …) while a statement is assembled. */
export class SqlParameters {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** A placeholder added only if the statement uses it (unused parameters have no type). */
  lazy(value: unknown, cast: string): () => string {
    let placeholder: string | undefined;
    return () => (placeholder ??= `${this.add(value)}::${cast}`);
  }

  list(values: readonly unknown[]): string {
    return values.map((value) => this.add(value)).join(', ');
  }
}
