// The planner's Loop: a distance in the runner's unit (km or mi), "Make a loop" from the
// first point (or the map's centre when there is none), and "Another loop" for the next
// variant of the same distance: other loops, in other directions (POST /map/loop).
import { h } from '../../ui.js';
import * as units from '../../engine/core/units.js';
import { loopRefusal } from './leg-words.js';

/** The shortest and longest loop POST /map/loop makes, in metres. */
const SHORTEST = 500, LONGEST = 100_000;

export class LoopForm {
  /**
   * `builder`: the route (RouteBuilder); `start()`: where a loop starts, {latitude, longitude};
   * `onMade()`: a loop shows. `unit`: the runner's units.
   */
  constructor({ builder, unit, start, onMade }) {
    Object.assign(this, { builder, unit, start, onMade });
    this.longest = Math.floor(LONGEST / units.unitMeters(unit));
    const name = units.unitName(unit);
    this.distance = h('input', { type: 'number', name: 'loop-distance', id: 'loop-distance', inputmode: 'decimal', min: '0.5', max: String(this.longest),
      step: '0.5', value: unit === 'imperial' ? '3' : '5', required: true, 'aria-labelledby': 'loop-of loop-unit', 'aria-describedby': 'loop-note' });
    this.message = h('p', { class: 'error loop-message', role: 'alert' });
    this.another = h('button', { type: 'button', name: 'another-loop', class: 'ghost', disabled: true, onclick: () => this.make(true) }, 'Another');
    this.submit = h('button', { type: 'submit', name: 'make-loop', class: 'primary' }, 'Make loop');
    this.element = h('form', { class: 'loop-form', id: 'loop-form', hidden: true, 'aria-label': 'Make a loop',
      onsubmit: (event) => { event.preventDefault(); this.make(false); } },
    h('div', { class: 'loop-row' }, h('label', { for: 'loop-distance', id: 'loop-of' }, 'Loop of'), this.distance, h('span', { id: 'loop-unit' }, name),
      this.submit, this.another),
    h('p', { class: 'muted small-note', id: 'loop-note' }, 'From your start, or the map’s middle. Undo brings back what it replaces.'),
    this.message);
  }

  get shown() { return !this.element.hidden; }

  /** Opens or closes the form. */
  toggle(open = !this.shown) {
    this.element.hidden = !open;
    if (open) this.distance.focus();
  }

  /** Asks for a loop: the same start and distance as the last one, next variant, when `another`. */
  async make(another) {
    this.message.textContent = '';
    const value = Number(this.distance.value.replace(',', '.')) * units.unitMeters(this.unit);
    if (!another && !(value >= SHORTEST && value <= LONGEST)) {
      this.message.textContent = `Give a distance from 0.5 to ${this.longest} ${units.unitName(this.unit)}.`;
      return;
    }
    const last = this.builder.loop;
    const [start, meters, variant] = another && last ? [last.start, last.distanceMeters, last.variant + 1]
      : [this.builder.waypoints[0] ?? this.start(), value, 0];
    const point = { latitude: start.latitude, longitude: start.longitude };
    this.busy(true);
    try {
      if (await this.builder.makeLoop(point, meters, variant)) this.onMade();
    } catch (error) {
      this.message.textContent = loopRefusal(error);
    } finally {
      this.busy(false);
    }
  }

  busy(on) {
    this.submit.disabled = on;
    this.submit.textContent = on ? 'Finding…' : 'Make loop';
    this.another.disabled = on || !this.builder.loop;
  }

  /** Enables Another loop once there is a loop to vary. */
  update() {
    if (this.submit.disabled) return;
    this.another.disabled = !this.builder.loop;
  }
}
