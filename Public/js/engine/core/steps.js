// A walk's steps from its distance, as the server estimates them when no device counted
// them (StepCount.swift): the distance over the walker's step length, 0.73 m unless they
// gave theirs. Only walks and hikes: a walking step says nothing of a run.

/** The step length assumed when the user has not given one, metres (`StepCount.defaultStepLength`). */
export const DEFAULT_STEP_METERS = 0.73;

/** The sports whose steps are estimated from distance. */
export const STEPPED_SPORTS = ['walk', 'hike'];

/** The steps of `meters` walked at `stepLength` metres a step (the default when not a positive number). */
export function estimatedSteps(meters, stepLength) {
  const length = Number.isFinite(stepLength) && stepLength > 0 ? stepLength : DEFAULT_STEP_METERS;
  return Number.isFinite(meters) && meters > 0 ? Math.round(meters / length) : 0;
}
