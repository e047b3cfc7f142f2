// What a run did on the user's missions, in a sentence for the run's summary:
// "+3.20 km on Glasgow → Edinburgh by canal; stage 2 (Cadder) unlocked".
import * as units from '../../engine/core/units.js';

const list = (items) => items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** One advance (the API's MissionAdvance) as a sentence in the user's `unit`. */
export function advanceText(advance, unit) {
  const parts = [`+${units.distance(advance.creditedMeters, unit)} on ${advance.missionName}`];
  const stages = advance.completedStages.map((stage) => `${stage.stage + 1} (${stage.name})`);
  if (stages.length) parts.push(`stage${stages.length > 1 ? 's' : ''} ${list(stages)} unlocked`);
  for (const route of advance.completedRoutes) parts.push(`${route.name} completed${route.medal ? `: ${route.medal}` : ''}`);
  if (advance.finished) parts.push('mission complete!');
  return parts.join('; ');
}
