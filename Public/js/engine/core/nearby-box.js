// When to ask the server for what lies near a runner or walker (the points of interest of
// a walk, the segments of a run): a box of BOX_HALF_SIZE metres each way around where they
// were, asked again only when they have gone REFRESH_DISTANCE from its centre (so what lies
// ahead is always loaded), and never more often than every MINIMUM_INTERVAL ms.
import { distance } from './geodesy.js';
import { now as clockNow } from '../clock.js';

/** Half the box's side, metres: the points within about 500 m. */
export const BOX_HALF_SIZE = 500;
/** Walking this far (metres) from the box's centre asks for a new box: half of it, so at least 250 m ahead stay loaded. */
export const REFRESH_DISTANCE = 250;
/** The fewest milliseconds between two requests. */
export const MINIMUM_INTERVAL = 15_000;

/** The box of `BOX_HALF_SIZE` metres around `{latitude, longitude}`, in degrees. */
export function boxAround({ latitude, longitude }, half = BOX_HALF_SIZE) {
  const dLatitude = half / 110_574;
  const dLongitude = half / (111_320 * Math.max(Math.cos(latitude * Math.PI / 180), 0.01));
  return { south: latitude - dLatitude, west: longitude - dLongitude, north: latitude + dLatitude, east: longitude + dLongitude };
}

/** Decides, fix by fix, whether a new box is needed. */
export class NearbyBoxPlanner {
  constructor({ refreshDistance = REFRESH_DISTANCE, minimumInterval = MINIMUM_INTERVAL } = {}) {
    this.refreshDistance = refreshDistance;
    this.minimumInterval = minimumInterval;
    this.centre = null;
    this.askedAt = -Infinity;
  }

  /** The box to ask for at `fix` ({latitude, longitude, time}), or null when the one loaded will do. */
  next(fix, now = clockNow()) {
    if (this.centre && distance(this.centre, fix) < this.refreshDistance) return null;
    if (now - this.askedAt < this.minimumInterval) return null;
    this.centre = { latitude: fix.latitude, longitude: fix.longitude };
    this.askedAt = now;
    return boxAround(fix);
  }
}
