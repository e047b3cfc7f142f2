// The route being planned: its waypoints, the leg drawn to each one (asked of the server's
// map, POST /map/legs: along paths, or straight and still measured there), the mode (on foot
// or by bike), and every earlier state, so that Undo takes back the last change whatever it
// was (a point added or moved, a leg's snapping, back to start, out and back, a loop, the
// mode). No DOM and no Leaflet: the planner screen draws what `onChange` reports.
//
// Requests never race. Each leg is a slot that asks one question (these two points, this
// snapping, this mode) and keeps its own answer; a change puts new slots in place of the
// old, so an answer to a question no longer asked lands in a slot that is no longer shown
// (only an earlier state, where it is true, may still hold it). A loop's answer is dropped
// when anything changed while it was on its way.
import { api } from '../api/paceline.js';

/**
 * @typedef {{latitude: number, longitude: number, snap: boolean}} Waypoint `snap`: how the leg ARRIVING here is drawn
 * @typedef {{status: 'loading'|'ready'|'failed', snap: boolean, mode: string, leg?: object, error?: {code: string, message: string, status: number}}} LegSlot
 */

export class RouteBuilder {
  /** `onChange()` is called after every change and every answer that shows. */
  constructor({ mode = 'foot', onChange = () => {} } = {}) {
    this.mode = mode;
    /** @type {Waypoint[]} */
    this.waypoints = [];
    /** @type {(LegSlot|null)[]} legs[i] arrives at waypoints[i]; legs[0] is null. */
    this.legs = [];
    this.history = [];
    this.version = 0;  // moves on with every change: a loop asked before one is dropped
    this.loop = null;  // the last loop asked: {start, distanceMeters, variant}, for "Another loop"
    this.onChange = onChange;
  }

  /** Whether there is a change to undo. */
  get canUndo() { return this.history.length > 0; }

  /** Adds a waypoint at `point` ({latitude, longitude}); `snap`: the leg to it follows paths. */
  add(point, snap) {
    this.change(() => this.append([{ latitude: point.latitude, longitude: point.longitude, snap }]));
  }

  /**
   * Moves waypoint `index` to `point`: the legs on either side are asked again. On a
   * closed route (a loop, back to start) the start and the finish move together.
   */
  move(index, point) {
    if (!this.waypoints[index]) return;
    const last = this.waypoints.length - 1;
    const moved = this.closed && (index === 0 || index === last) ? [0, last] : [index];
    this.change(() => {
      for (const at of moved) {
        this.waypoints[at] = { ...this.waypoints[at], latitude: point.latitude, longitude: point.longitude };
        this.ask(at);
        this.ask(at + 1);
      }
    });
  }

  /** Whether the route ends where it starts (a loop, back to start). */
  get closed() {
    const [first] = this.waypoints, last = this.waypoints[this.waypoints.length - 1];
    return this.waypoints.length > 2 && first.latitude === last.latitude && first.longitude === last.longitude;
  }

  /**
   * Removes waypoint `index`: its neighbours are joined by a leg drawn as the one after it
   * was (the second point becomes the start when the first goes).
   */
  remove(index) {
    if (!this.waypoints[index]) return;
    this.change(() => {
      this.waypoints.splice(index, 1);
      this.legs.splice(index, 1);
      if (index === 0) { if (this.legs.length) this.legs[0] = null; }
      else this.ask(index);
    });
  }

  /** Switches the snapping of the leg arriving at waypoint `index` (along paths or straight). */
  toggleSnap(index) {
    if (index < 1 || !this.waypoints[index]) return;
    this.change(() => {
      this.waypoints[index] = { ...this.waypoints[index], snap: !this.waypoints[index].snap };
      this.ask(index);
    });
  }

  /** Asks again for the leg arriving at waypoint `index` as it is (after a failure). */
  retry(index) {
    if (index < 1 || !this.waypoints[index]) return;
    this.ask(index);
    this.onChange();
  }

  /** A leg from the last waypoint back to the first. */
  backToStart(snap) {
    if (this.waypoints.length < 2) return;
    const [start] = this.waypoints;
    this.change(() => this.append([{ latitude: start.latitude, longitude: start.longitude, snap }]));
  }

  /** The way back: the waypoints again in reverse order, each leg drawn as its outward twin. */
  outAndBack() {
    const out = this.waypoints;
    if (out.length < 2) return;
    const back = [];
    for (let index = out.length - 2; index >= 0; index -= 1) {
      back.push({ latitude: out[index].latitude, longitude: out[index].longitude, snap: out[index + 1].snap });
    }
    this.change(() => this.append(back));
  }

  /** Walk/run ('foot') or bike ('bike'): the legs along paths are asked again in the new mode. */
  setMode(mode) {
    if (mode === this.mode) return;
    this.change(() => {
      this.mode = mode;
      this.waypoints.forEach((waypoint, index) => { if (index > 0 && waypoint.snap) this.ask(index); });
    });
  }

  /**
   * Replaces the route with a loop of about `distanceMeters` from `start` (the server's
   * POST /map/loop); `variant` 1, 2 … are other loops. Resolves once it shows, or throws
   * the server's refusal; a loop overtaken by another change is dropped (resolves false).
   */
  async makeLoop(start, distanceMeters, variant = 0) {
    const asked = this.version;
    const mode = this.mode;
    const answer = await api.plannedLoop(start, distanceMeters, mode, variant);
    if (asked !== this.version || mode !== this.mode) return false;
    this.change(() => {
      const waypoints = answer.waypoints.map(({ latitude, longitude }) => ({ latitude, longitude, snap: true }));
      // A loop ends where it starts: its last leg arrives at the start again.
      if (answer.legs.length === waypoints.length) waypoints.push({ ...waypoints[0] });
      this.waypoints = waypoints;
      this.legs = waypoints.map((_, index) => (index === 0 ? null : { status: 'ready', snap: true, mode, leg: answer.legs[index - 1] }));
      this.loop = { start, distanceMeters, variant };
    });
    return true;
  }

  /** Takes back the last change. */
  undo() {
    const earlier = this.history.pop();
    if (!earlier) return;
    Object.assign(this, earlier);
    this.version += 1;
    this.onChange();
  }

  /** Starts again with no point (Undo brings the route back). */
  clear() {
    if (!this.waypoints.length) return;
    this.change(() => Object.assign(this, { waypoints: [], legs: [], loop: null }));
  }

  /**
   * What the legs add up to, in the server's numbers: distance, ascent and descent (undefined
   * when no leg has a height), how many legs are still asked, and the first that failed.
   */
  totals() {
    let distanceMeters = 0, ascentMeters, descentMeters, loading = 0, failed = -1;
    this.legs.forEach((slot, index) => {
      if (!slot) return;
      if (slot.status === 'loading') loading += 1;
      if (slot.status === 'failed' && failed < 0) failed = index;
      if (slot.status !== 'ready') return;
      distanceMeters += slot.leg.distanceMeters;
      if (Number.isFinite(slot.leg.ascentMeters)) ascentMeters = (ascentMeters ?? 0) + slot.leg.ascentMeters;
      if (Number.isFinite(slot.leg.descentMeters)) descentMeters = (descentMeters ?? 0) + slot.leg.descentMeters;
    });
    return { distanceMeters, ascentMeters, descentMeters, loading, failed, legs: Math.max(0, this.waypoints.length - 1) };
  }

  /** Whether the route can be saved: two waypoints or more, every leg drawn. */
  get complete() {
    const { loading, failed, legs } = this.totals();
    return legs > 0 && loading === 0 && failed < 0;
  }

  /** What to keep of the route to take it up again (a reload): the mode, the waypoints and the legs drawn. */
  draft() {
    return { mode: this.mode, waypoints: this.waypoints,
      legs: this.legs.map((slot) => (slot?.status === 'ready' ? slot.leg : null)) };
  }

  /** Takes up a `draft()` again: the legs it had are shown, the others asked again; nothing to undo. */
  resume(draft) {
    if (!Array.isArray(draft?.waypoints) || !draft.waypoints.every((point) => Number.isFinite(point?.latitude) && Number.isFinite(point?.longitude))) return;
    this.mode = draft.mode === 'bike' ? 'bike' : 'foot';
    this.waypoints = draft.waypoints.map(({ latitude, longitude, snap }) => ({ latitude, longitude, snap: snap !== false }));
    this.legs = this.waypoints.map(() => null);
    this.waypoints.forEach((waypoint, index) => {
      const leg = draft.legs?.[index];
      if (index === 0) return;
      if (Array.isArray(leg?.points) && Number.isFinite(leg.distanceMeters)) this.legs[index] = { status: 'ready', snap: waypoint.snap, mode: this.mode, leg };
      else this.ask(index);
    });
    this.onChange();
  }

  /** The route as POST /planned-routes takes it (`name` and `privacy` besides). */
  toRoute({ name, privacy }) {
    return { name: name || undefined, privacy, mode: this.mode,
      waypoints: this.waypoints.map(({ latitude, longitude, snap }) => ({ latitude, longitude, snap })) };
  }

  // --- inside ---

  /** Runs `edit` on the state after keeping a copy of it to undo to, then reports. */
  change(edit) {
    this.history.push({ mode: this.mode, waypoints: [...this.waypoints], legs: [...this.legs], loop: this.loop });
    this.version += 1;
    edit();
    this.onChange();
  }

  /** Appends waypoints, asking for the leg to each. */
  append(waypoints) {
    for (const waypoint of waypoints) {
      this.waypoints.push(waypoint);
      this.legs.push(null);
      this.ask(this.waypoints.length - 1);
    }
  }

  /** Puts a new slot for the leg arriving at waypoint `index` and asks the server for it. */
  ask(index) {
    const from = this.waypoints[index - 1], to = this.waypoints[index];
    if (!from || !to) return;
    const slot = { status: 'loading', snap: to.snap, mode: this.mode };
    this.legs[index] = slot;
    const point = ({ latitude, longitude }) => ({ latitude, longitude });
    api.plannedLeg(point(from), point(to), this.mode, to.snap).then((leg) => {
      Object.assign(slot, { status: 'ready', leg });
    }, (error) => {
      Object.assign(slot, { status: 'failed', error: { code: error.code, message: error.message, status: error.status } });
    }).finally(() => {
      if (this.legs.includes(slot)) this.onChange();  // an answer to a question no longer asked shows nowhere
    });
  }
}
