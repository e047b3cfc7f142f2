// Settings, Heart rate and pace: the runner's resting, maximum and threshold heart rate
// and threshold pace, each entry applying from a day on (a new maximum from a test, a
// resting rate that fell), the zones in force today, and a form to add or change an
// entry. Training load, zones and time in zones use the values in force on each
// activity's day; a change brings stored loads up to date in the background.
import { api } from '../../engine/api/paceline.js';
import { h, toast, describe } from '../../ui.js';
import * as units from '../../engine/core/units.js';
import { dayMonth } from './fitness-chart.js';

const METHODS = {
  lactateThreshold: 'From your threshold heart rate (Friel: 85, 90, 95, 100 %)',
  heartRateReserve: 'From your heart-rate reserve (Karvonen: 60, 70, 80, 90 % between resting and maximum)',
  manual: 'As you set them',
};

/** "4:30" or "4:30 /km" as seconds per kilometre; NaN when it is no pace. */
export function parsePace(text) {
  const match = /^\s*(\d{1,2}):([0-5]\d)\s*(?:\/\s*km)?\s*$/.exec(text ?? '');
  return match ? Number(match[1]) * 60 + Number(match[2]) : NaN;
}

/** "12 Jun 2026" of "2026-06-12". */
const longDate = (date) => new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** What an entry says, in words. */
function said(entry) {
  return [
    entry.restingHeartRate !== undefined ? `resting ${entry.restingHeartRate} bpm` : null,
    entry.maximumHeartRate !== undefined ? `max ${entry.maximumHeartRate} bpm` : null,
    entry.thresholdHeartRate !== undefined ? `threshold ${entry.thresholdHeartRate} bpm` : null,
    entry.thresholdPaceSecondsPerKilometer !== undefined ? `threshold pace ${units.pace(entry.thresholdPaceSecondsPerKilometer)}` : null,
    entry.zoneBounds ? `zones set by hand (${entry.zoneBounds.join(', ')})` : null,
  ].filter(Boolean).join(' · ');
}

/** The section, filled once the entries come, asked once `after` settles. */
export function physiologySection(after = Promise.resolve()) {
  const body = h('div', {}, h('p', { class: 'muted' }, 'Loading…'));
  const section = h('section', { class: 'physiology' }, h('h3', {}, 'Heart rate and pace'),
    h('p', { class: 'muted' }, 'Training load, zones and time in zones use the values in force on each activity’s day. Without any: resting 60, maximum 190.'),
    body);
  after.then(() => load(body));
  return section;
}

async function load(body) {
  let list;
  try {
    list = await api.physiology(-new Date().getTimezoneOffset());
  } catch (error) {
    body.replaceChildren(h('p', { class: 'muted' }, error?.isNetwork ? 'No connection: heart rate and pace need the network.' : describe(error)));
    return;
  }
  const { inForce } = list;
  const form = entryForm(null, () => load(body));
  form.hidden = true;
  const add = h('button', { type: 'button', class: 'ghost', name: 'new-physiology', onclick: () => { form.hidden = false; add.hidden = true; form.querySelector('input').focus(); } }, 'Add values');
  form.addEventListener('reset', () => { form.hidden = true; add.hidden = false; });
  body.replaceChildren(
    h('p', { class: 'in-force' }, h('strong', {}, 'Today: '),
      `resting ${inForce.restingHeartRate} · max ${inForce.maximumHeartRate}`,
      inForce.thresholdHeartRate !== undefined ? ` · threshold ${inForce.thresholdHeartRate} bpm` : '',
      inForce.thresholdPaceSecondsPerKilometer !== undefined ? ` · threshold pace ${units.pace(inForce.thresholdPaceSecondsPerKilometer)}` : ''),
    h('table', { class: 'splits zones-today' },
      h('caption', { class: 'muted' }, METHODS[inForce.zones.method]),
      h('tbody', {}, inForce.zones.zones.map((zone) => h('tr', { dataset: { zone: String(zone.zone) } }, h('td', {}, `Zone ${zone.zone}`),
        h('td', {}, zone.fromHeartRate === undefined ? `below ${Math.round(zone.toHeartRate)} bpm`
          : zone.toHeartRate === undefined ? `${Math.round(zone.fromHeartRate)} bpm and up` : `${Math.round(zone.fromHeartRate)}–${Math.round(zone.toHeartRate) - 1} bpm`))))),
    h('ul', { class: 'list physiology-list' }, list.entries.length
      ? list.entries.map((entry) => entryItem(entry, () => load(body)))
      : [h('li', { class: 'muted empty' }, 'Nothing said yet: add your resting and maximum heart rate for a truer load.')]),
    add, form);
}

function entryItem(entry, reload) {
  const form = entryForm(entry, reload);
  form.hidden = true;
  const item = h('li', { dataset: { entry: entry.id } },
    h('div', {}, h('strong', {}, `Applies from ${longDate(entry.from)}`), h('div', { class: 'muted' }, said(entry))),
    h('div', { class: 'row' },
      h('button', { type: 'button', class: 'ghost small', name: 'edit-physiology', onclick: () => { form.hidden = !form.hidden; } }, 'Change'),
      h('button', { type: 'button', class: 'ghost small danger-text', name: 'delete-physiology', onclick: async () => {
        if (!confirm(`Delete the values from ${dayMonth(entry.from)}?`)) return;
        try { await api.deletePhysiologyEntry(entry.id); toast('Deleted: loads are being brought up to date'); reload(); } catch (error) { toast(describe(error), { error: true }); }
      } }, 'Delete')),
    form);
  form.addEventListener('reset', () => { form.hidden = true; });
  return item;
}

/** The form of a new entry (`entry` null) or of a change to `entry`. */
function entryForm(entry, reload) {
  const today = new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
  const number = (name, label, value, min, max) => h('label', { class: 'field' }, h('span', {}, label),
    h('input', { type: 'number', name, inputmode: 'numeric', min: String(min), max: String(max), step: '1', value: value ?? '', placeholder: 'bpm' }));
  const bounds = entry?.zoneBounds ?? [];
  const form = h('form', { class: 'physiology-form' },
    h('label', { class: 'field' }, h('span', {}, 'Applies from'), h('input', { type: 'date', name: 'from', required: true, value: entry?.from ?? today })),
    h('div', { class: 'pair' },
      number('resting', 'Resting heart rate', entry?.restingHeartRate, 25, 120),
      number('maximum', 'Maximum heart rate', entry?.maximumHeartRate, 100, 240)),
    h('div', { class: 'pair' },
      number('threshold', 'Threshold heart rate', entry?.thresholdHeartRate, 80, 230),
      h('label', { class: 'field' }, h('span', {}, 'Threshold pace (min/km)'),
        h('input', { type: 'text', name: 'threshold-pace', inputmode: 'numeric', placeholder: '4:30',
          value: entry?.thresholdPaceSecondsPerKilometer ? units.paceClock(entry.thresholdPaceSecondsPerKilometer) : '' }))),
    h('details', { open: bounds.length > 0 }, h('summary', {}, 'Set zones by hand'),
      h('p', { class: 'muted' }, 'The highest heart rate of zones 1 to 4; zone 5 is everything above.'),
      h('div', { class: 'quad' }, [1, 2, 3, 4].map((zone) => number(`bound-${zone}`, `Zone ${zone} up to`, bounds[zone - 1], 30, 240)))),
    h('div', { class: 'row' }, h('button', { type: 'submit', name: 'save-physiology' }, 'Save'), h('button', { type: 'reset', class: 'ghost' }, 'Cancel')));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const value = (name) => (form.elements[name].value === '' ? undefined : Number(form.elements[name].value));
    const paceText = form.elements['threshold-pace'].value.trim();
    const pace = paceText ? parsePace(paceText) : undefined;
    if (Number.isNaN(pace)) { toast('Threshold pace as minutes:seconds per km, e.g. 4:30.', { error: true }); return; }
    const zoneBounds = [1, 2, 3, 4].map((zone) => value(`bound-${zone}`));
    const body = {
      from: form.elements.from.value,
      restingHeartRate: value('resting'), maximumHeartRate: value('maximum'), thresholdHeartRate: value('threshold'),
      thresholdPaceSecondsPerKilometer: pace,
      zoneBounds: zoneBounds.every((bound) => bound === undefined) ? undefined : zoneBounds,
    };
    if (body.zoneBounds?.some((bound) => bound === undefined)) { toast('Give all 4 zone bounds, or none.', { error: true }); return; }
    try {
      if (entry) await api.updatePhysiologyEntry(entry.id, body); else await api.createPhysiologyEntry(body);
      toast('Saved: loads are being brought up to date');
      reload();
    } catch (error) {
      toast(error.isNetwork ? 'No connection: heart rate and pace need the network to change.' : describe(error), { error: true });
    }
  });
  return form;
}
