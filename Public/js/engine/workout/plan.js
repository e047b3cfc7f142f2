// Workout plans and pace bands, as Sources/PacelineCore/Workouts/ has them (same JSON):
// a plan is {name, steps}; a step is an interval {seconds|meters, target,
// paceSecondsPerKilometer?} or a repeat block {repeat, intervals}. Paces in s/km.

/** What rest, easy, steady and fast mean until the runner sets their own (PaceBands.default). */
export const DEFAULT_BANDS = Object.freeze({
  rest: { fastest: 480, slowest: 720 },
  easy: { fastest: 360, slowest: 420 },
  steady: { fastest: 300, slowest: 360 },
  fast: { fastest: 240, slowest: 300 },
});

/** Seconds per kilometre either side of an explicit pace target. */
export const EXPLICIT_TOLERANCE = 15;

export const TARGETS = ['rest', 'easy', 'steady', 'fast', 'pace'];

/** The intervals of `plan` in running order, repeats expanded (interval N of M is [N - 1]). */
export function intervals(plan) {
  const list = [];
  for (const step of plan.steps) {
    if (step.repeat !== undefined && step.repeat !== null) {
      for (let k = 0; k < step.repeat; k += 1) list.push(...step.intervals);
    } else {
      list.push(step);
    }
  }
  return list;
}

/** The band ({fastest, slowest}) an interval's target aims for. */
export function band(interval, bands = DEFAULT_BANDS) {
  if (interval.target === 'pace') {
    const pace = interval.paceSecondsPerKilometer;
    return { fastest: pace - EXPLICIT_TOLERANCE, slowest: pace + EXPLICIT_TOLERANCE };
  }
  return bands[interval.target];
}

/** The pace an interval plans: the explicit one, or its band's middle. */
export function plannedPace(interval, bands = DEFAULT_BANDS) {
  if (interval.target === 'pace') return interval.paceSecondsPerKilometer;
  const b = bands[interval.target];
  return (b.fastest + b.slowest) / 2;
}
