// The profile's gear card: shoes and bikes, the distance each has done, the default that
// new activities of its sport name, a warning once a piece is past its retire distance,
// and a form to add one. Names are the runner's text: they reach the page as text only.
import { api } from '../../engine/api/paceline.js';
import { h, field, toast, describe } from '../../ui.js';
import * as units from '../../engine/core/units.js';
import { SPORTS, sportName, sportPlural } from '../shared/format.js';

const KINDS = { shoes: 'Shoes', bike: 'Bike', other: 'Other' };

/** "812 km", whole units: gear distances are read at a glance. */
export const gearDistance = (meters, unit) => units.distance(meters, unit, 0);

/** What a piece has done, and of how much when it has a retire distance. */
function done(gear, unit) {
  return gear.retireDistanceMeters
    ? `${gearDistance(gear.distanceMeters, unit)} of ${gearDistance(gear.retireDistanceMeters, unit)}`
    : gearDistance(gear.distanceMeters, unit);
}

/** The card; `unit` is the runner's units. */
export function gearCard(unit) {
  const list = h('ul', { class: 'list gear-list' }, h('li', { class: 'muted' }, 'Loading…'));
  const retiredList = h('ul', { class: 'list gear-list retired' });
  const retired = h('details', { class: 'gear-retired', hidden: true }, h('summary', {}, 'Retired'), retiredList);
  const form = addForm(unit, () => load());
  const open = h('button', { type: 'button', class: 'ghost', name: 'new-gear', onclick: () => {
    form.hidden = false; open.hidden = true; form.querySelector('input').focus();
  } }, 'Add gear');
  form.addEventListener('reset', () => { form.hidden = true; open.hidden = false; });
  const card = h('div', { class: 'card gear-card' }, h('h2', {}, 'Your gear'),
    h('p', { class: 'muted' }, 'Shoes and bikes, and how far each has gone. New activities name the default of their sport; change it on any activity.'),
    list, retired, open, form);

  async function change(gear, changes, done) {
    try {
      await api.updateGear(gear.id, changes);
      toast(done);
      load();
    } catch (error) {
      toast(error.isNetwork ? 'No connection: gear needs the network to change.' : describe(error), { error: true });
    }
  }

  function item(gear) {
    const share = gear.retireDistanceMeters ? Math.min(1, gear.distanceMeters / gear.retireDistanceMeters) : null;
    return h('li', { class: `gear${gear.dueForRetirement ? ' due' : ''}`, dataset: { gearId: gear.id } },
      h('div', { class: 'spread' },
        h('strong', { class: 'gear-name' }, gear.name),
        h('span', { class: 'gear-distance' }, done(gear, unit))),
      share === null ? null : h('span', { class: 'progress', role: 'img', 'aria-label': `${Math.round(share * 100)} % of its retire distance` },
        h('span', { style: `width: ${(share * 100).toFixed(1)}%` })),
      h('p', { class: 'muted gear-about' }, `${KINDS[gear.kind]} · ${sportName(gear.sport)} · ${gear.activityCount} ${gear.activityCount === 1 ? 'activity' : 'activities'}`,
        gear.isDefault ? h('span', { class: 'tag' }, `Default for ${sportPlural(gear.sport).toLowerCase()}`) : null),
      gear.dueForRetirement ? h('p', { class: 'gear-due', role: 'note' }, `Past its ${gearDistance(gear.retireDistanceMeters, unit)}: time to replace it?`) : null,
      h('div', { class: 'row gear-actions' },
        gear.retired
          ? h('button', { type: 'button', class: 'ghost small', name: 'unretire-gear', onclick: () => change(gear, { retired: false }, 'Back in use') }, 'Use again')
          : [gear.isDefault ? null : h('button', { type: 'button', class: 'ghost small', name: 'default-gear',
              onclick: () => change(gear, { isDefault: true }, `Default for ${sportPlural(gear.sport).toLowerCase()}`) }, 'Make default'),
            h('button', { type: 'button', class: 'ghost small', name: 'retire-gear', onclick: () => change(gear, { retired: true }, 'Retired') }, 'Retire')],
        h('button', { type: 'button', class: 'ghost small danger-text', name: 'delete-gear', onclick: async () => {
          if (!confirm(`Delete “${gear.name}”? Its activities stay, naming no gear. (Retire it to keep its distance.)`)) return;
          try { await api.deleteGear(gear.id); toast('Deleted'); load(); } catch (error) { toast(describe(error), { error: true }); }
        } }, 'Delete')));
  }

  async function load() {
    try {
      const { gear } = await api.gear();
      const active = gear.filter((piece) => !piece.retired);
      const old = gear.filter((piece) => piece.retired);
      list.replaceChildren(...(active.length ? active.map(item) : [h('li', { class: 'muted empty' }, 'No gear yet. Add your shoes to see how far they have gone.')]));
      retiredList.replaceChildren(...old.map(item));
      retired.hidden = !old.length;
      retired.querySelector('summary').textContent = `Retired (${old.length})`;
    } catch (error) {
      list.replaceChildren(h('li', { class: 'muted' }, error?.isNetwork ? 'No connection: your gear will show when you are back online.' : describe(error)));
    }
  }
  load();
  return card;
}

/** The form for a new piece: name, kind, sport, distances so far and to retire, default. */
function addForm(unit, added) {
  const per = units.unitName(unit);
  const name = h('input', { type: 'text', name: 'gear-name', maxlength: '200', required: true, autocomplete: 'off', placeholder: 'Pegasus 40, say' });
  const kind = h('select', { name: 'gear-kind' }, Object.entries(KINDS).map(([value, label]) => h('option', { value }, label)));
  const sport = h('select', { name: 'gear-sport' }, SPORTS.map((value) => h('option', { value }, sportName(value))));
  const start = h('input', { type: 'number', name: 'gear-start', min: '0', max: '1000000', step: '1', inputmode: 'numeric', value: '0' });
  const retire = h('input', { type: 'number', name: 'gear-retire', min: '1', max: '1000000', step: '1', inputmode: 'numeric',
    value: String(Math.round(800_000 / units.unitMeters(unit))) });
  const isDefault = h('input', { type: 'checkbox', name: 'gear-default', checked: true });
  kind.addEventListener('change', () => {
    // A bike is ridden; shoes are run in (or walked): the sport follows, and a bike has no usual retire distance.
    if (kind.value === 'bike') { sport.value = 'ride'; retire.value = ''; }
    if (kind.value === 'shoes' && sport.value === 'ride') sport.value = 'run';
  });
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const form = h('form', { class: 'gear-form', hidden: true, onsubmit: async (event) => {
    event.preventDefault();
    const meters = (input) => (input.value === '' ? undefined : Number(input.value) * units.unitMeters(unit));
    const body = { name: name.value.trim(), kind: kind.value, sport: sport.value, startDistanceMeters: meters(start) ?? 0,
      retireDistanceMeters: meters(retire), isDefault: isDefault.checked };
    if (!body.name) { error.textContent = 'Give it a name.'; error.hidden = false; return; }
    try {
      await api.createGear(body);
      toast(`${body.name} added`);
      form.reset();
      added();
    } catch (failure) {
      error.textContent = failure.isNetwork ? 'No connection: try again when online.' : describe(failure);
      error.hidden = false;
    }
  } },
  field('Name', name),
  h('div', { class: 'row' }, field('Kind', kind), field('Sport', sport)),
  h('div', { class: 'row' }, field(`Done so far (${per})`, start), field(`Replace after (${per})`, retire)),
  h('label', { class: 'check' }, isDefault, h('span', {}, 'New activities of this sport use it')),
  error,
  h('div', { class: 'row' }, h('button', { type: 'submit', class: 'primary', name: 'add-gear' }, 'Add'),
    h('button', { type: 'reset', class: 'ghost' }, 'Cancel')));
  form.addEventListener('reset', () => { error.hidden = true; });
  return form;
}
