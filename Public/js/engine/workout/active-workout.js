// The workout the running screen runs: the user's active one (or the one asked for), with
// the user's pace bands, fetched once before the start and then kept in the run's header,
// so the run itself needs no network.
import { api } from '../api/paceline.js';

/**
 * {id, name, plan: {name, steps}, bands} of workout `id` (or of the active workout when
 * `id` is undefined); null when there is none or the network is out.
 */
export async function loadWorkout(id) {
  try {
    const settings = await api.workoutSettings();
    const wanted = id ?? settings.activeWorkoutId;
    if (!wanted) return null;
    const workout = await api.workout(wanted);
    return { id: workout.id, name: workout.name, plan: { name: workout.name, steps: workout.steps }, bands: settings.paceBands };
  } catch (error) {
    console.warn('no workout:', error);
    return null;
  }
}
