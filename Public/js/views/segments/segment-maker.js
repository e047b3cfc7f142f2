// Making a segment from a stretch of the runner's own activity: two sliders pick where it
// starts and ends along the run (the stretch is drawn on the map as they move), then a
// name and who may see it. Private unless the runner chooses otherwise.
import { api } from '../../engine/api/paceline.js';
import { h, field, toast, describe } from '../../ui.js';
import * as units from '../../engine/core/units.js';

const SHORTEST = 100;

/**
 * The form. `points`: the run's series points (distanceMeters, latitude, longitude);
 * `onStretch(points)` draws the chosen stretch; `onMade(segment)` follows a save.
 */
export function segmentMaker({ runId, points, unit, from = 0, onStretch, onMade }) {
  const total = points.at(-1)?.distanceMeters ?? 0;
  const step = total > 20000 ? 20 : 10;
  const start = Math.max(0, Math.min(from, total - SHORTEST));
  const startInput = h('input', { type: 'range', name: 'segment-start', min: '0', max: String(Math.floor(total)), step: String(step), value: String(Math.round(start)) });
  const endInput = h('input', { type: 'range', name: 'segment-end', min: '0', max: String(Math.floor(total)), step: String(step), value: String(Math.round(Math.min(total, start + 1000))) });
  const summary = h('p', { class: 'segment-stretch', 'aria-live': 'polite' });
  const name = h('input', { name: 'segment-name', required: true, maxlength: '200', placeholder: 'e.g. Riverside climb', autocomplete: 'off' });
  const privacy = h('select', { name: 'segment-privacy' },
    h('option', { value: 'private' }, 'Only me'), h('option', { value: 'friends' }, 'Friends'),
    h('option', { value: 'friends_and_clubs' }, 'Friends and my clubs'), h('option', { value: 'public' }, 'Everyone'));
  const save = h('button', { type: 'submit', class: 'primary', name: 'save-segment' }, 'Make segment');
  const error = h('p', { class: 'error', role: 'alert', hidden: true });

  function stretch() {
    return { from: Number(startInput.value), to: Number(endInput.value) };
  }

  function update(moved) {
    let { from: a, to: b } = stretch();
    // The handles never cross: the one moved pushes the other along.
    if (b - a < SHORTEST) {
      if (moved === startInput) b = Math.min(total, a + SHORTEST); else a = Math.max(0, b - SHORTEST);
      startInput.value = String(a); endInput.value = String(b);
      ({ from: a, to: b } = stretch());
    }
    summary.textContent = `From ${units.distance(a, unit)} to ${units.distance(b, unit)}: ${units.distance(b - a, unit)}`;
    save.disabled = b - a < SHORTEST;
    onStretch(points.filter((point) => point.distanceMeters >= a && point.distanceMeters <= b));
  }
  startInput.addEventListener('input', () => update(startInput));
  endInput.addEventListener('input', () => update(endInput));

  const form = h('form', { class: 'segment-maker', novalidate: true },
    h('p', { class: 'muted' }, 'Slide the ends to the stretch you want to race. Every activity that runs it, yours and others’, gets a time on its leaderboard.'),
    field('Starts at', startInput), field('Ends at', endInput), summary,
    field('Name', name), field('Who can see it', privacy),
    h('p', { class: 'muted hint' }, 'Others see a segment, and their times on it, only if you share it. A shared segment can’t pass through your privacy zones.'),
    error, h('div', { class: 'row' }, save, h('button', { type: 'reset', class: 'ghost', name: 'cancel-segment' }, 'Cancel')));

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const title = name.value.trim();
    if (!title) { error.textContent = 'Name the segment.'; error.hidden = false; name.focus(); return; }
    const { from: a, to: b } = stretch();
    save.disabled = true;
    error.hidden = true;
    try {
      const segment = await api.createSegment({ runId, startDistanceMeters: a, endDistanceMeters: b, name: title, privacy: privacy.value });
      toast(`Segment “${segment.name}” made`);
      onMade(segment);
    } catch (failure) {
      error.textContent = failure.isNetwork ? 'No connection: making a segment needs the network.' : describe(failure);
      error.hidden = false;
    } finally {
      save.disabled = false;
    }
  });
  form.addEventListener('reset', () => onStretch(null));
  update(endInput);
  return form;
}
