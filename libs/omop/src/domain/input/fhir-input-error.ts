/** One offending place in the request: where it is and what is wrong with it. */
export interface InputProblem {
  path: string;
  problem: string;
}

/** The request is not a FHIR resource or Bundle the mapper can read (answered with a 400). */
export class FhirInputError extends Error {
  constructor(readonly problems: InputProblem[]) {
    super(problems.map((problem) => `${problem.path} ${problem.problem}`).join('; '));
    this.name = 'FhirInputError';
  }

  static at(path: string, problem: string): FhirInputError {
    return new FhirInputError([{ path, problem }]);
  }
}
