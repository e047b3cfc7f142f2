// What the planner says when the server could not draw a leg or a loop, in a runner's words,
// and what it offers to do about it: each refusal code of POST /map/legs and /map/loop.

/** What the planner says when the server has no map imported: the words around the command that adds one. */
export const NO_MAP = ['This server has no map data yet: its host can add some with ', 'paceline map import',
  '. Until then legs are straight lines, measured all the same.'];
/** The same, briefly, where a leg or a loop was refused for it. */
const NO_MAP_SHORT = 'This server has no map data yet, so legs can only be straight lines.';

/** "the start", "point 3": waypoint `index` as the runner sees it numbered. */
export const pointName = (index) => (index === 0 ? 'the start' : `point ${index + 1}`);

/**
 * Why the leg arriving at waypoint `index` failed (`error`: {code, message, status}), and
 * what to offer: 'straight' (draw it as a straight line) or 'retry' (ask again).
 * @returns {{text: string, offer: 'straight'|'retry'|null}}
 */
export function legRefusal(error, index, snapped) {
  const leg = `The leg to ${pointName(index)}`;
  switch (error.code) {
    case 'no_map':
      return { text: NO_MAP_SHORT, offer: snapped ? 'straight' : null };
    case 'not_on_map':
      return { text: `${leg} can't follow paths: one of its ends is more than 250 m from any path on the map. `
        + 'Move it nearer one, or draw this leg straight.', offer: 'straight' };
    case 'no_way':
      return { text: `No path on the map joins ${pointName(index - 1)} to ${pointName(index)} `
        + '(water between them, or one-way streets on a bike). Move a point, or draw this leg straight.', offer: 'straight' };
    case 'leg_too_long':
      return { text: `${leg} is over 50 km in a straight line, the longest a leg may be. Add a point in between.`, offer: null };
    case 'network':
      return { text: `${leg} needs the network: no connection to the server.`, offer: 'retry' };
    default:
      return { text: error.status === 400 ? `${leg} can't be drawn: ${error.message}. Add a point in between, or move it.`
        : `${leg} can't be drawn: ${error.message}`, offer: error.status >= 500 ? 'retry' : null };
  }
}

/** Why no loop could be made (`error` an ApiError). */
export function loopRefusal(error) {
  switch (error.code) {
    case 'no_map': return `${NO_MAP_SHORT} A loop needs the map.`;
    case 'not_on_map': return 'The loop can’t start here: it is more than 250 m from any path or road on the map. Start it nearer one.';
    case 'no_way': return 'No loop of that length starts here on the map’s paths. Try another distance, or another start.';
    case 'network': return 'No connection: a loop needs the network.';
    default: return `No loop: ${error.message}`;
  }
}
