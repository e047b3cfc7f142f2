// The planner's numbers, always in view: the distance, ascent and descent of the legs drawn
// (the server's own figures, added up), and the elevation of the whole line, drawn again as
// points move. Each figure carries its value in metres (data-meters) for tests.
import { h } from '../../ui.js';
import * as units from '../../engine/core/units.js';
import { lineProfile } from '../../engine/planner/line-profile.js';
import { height } from '../shared/format.js';
import { elevationProfile } from '../plan/plan-profile.js';

export class PlannerStats {
  constructor(unit) {
    this.unit = unit;
    const figure = (name, label) => h('div', { class: 'figure' }, this[name] = h('strong', { id: `planner-${name}` }, '–'), h('span', {}, label));
    this.profile = h('div', { class: 'planner-profile' });
    this.element = h('div', { class: 'planner-stats', 'aria-live': 'polite', 'aria-atomic': 'false' },
      h('div', { class: 'figures' }, figure('distance', 'Distance'), figure('ascent', 'Ascent'), figure('descent', 'Descent')),
      this.profile);
  }

  /** Shows `builder`'s totals and profile. */
  update(builder) {
    const { distanceMeters, ascentMeters, descentMeters, loading } = builder.totals();
    this.show(this.distance, distanceMeters, units.distance(distanceMeters, this.unit));
    this.show(this.ascent, ascentMeters, height(ascentMeters, this.unit));
    this.show(this.descent, descentMeters, height(descentMeters, this.unit));
    this.element.classList.toggle('measuring', loading > 0);
    this.profile.replaceChildren(...this.drawProfile(builder, distanceMeters));
  }

  /** The elevation of the legs drawn, with its lowest and highest heights; or what stands in for it. */
  drawProfile(builder, distanceMeters) {
    const legs = builder.legs.filter((slot) => slot?.status === 'ready').map((slot) => slot.leg);
    const drawn = elevationProfile(lineProfile(legs), distanceMeters, this.unit);
    if (drawn) {
      const [low, high] = [drawn.dataset.low, drawn.dataset.high].map((meters) => height(Number(meters), this.unit));
      return [h('p', { class: 'profile-scale', 'aria-hidden': 'true' }, h('span', {}, 'Elevation'), h('span', {}, `${low}–${high}`)), drawn];
    }
    return [h('p', { class: 'muted small-note' }, legs.length
      ? 'No heights on this map: the profile shows once the server has elevation data.'
      : 'The elevation shows here as you add points.')];
  }

  show(element, meters, text) {
    element.textContent = text;
    element.dataset.meters = Number.isFinite(meters) ? String(Math.round(meters * 10) / 10) : '';
  }
}
