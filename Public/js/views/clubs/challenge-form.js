// #/clubs/ID/challenges/new (the club's owner and admins): a challenge's title, sport and
// kind; a goal in the reader's units (km or mi, hours, m or ft), or for a fastest time the
// distance or a public segment and an optional time to beat; whether the club goes for a
// total together; its first and last day. What is wrong is said above the button.
import { api } from '../../engine/api/paceline.js';
import { go } from '../../router.js';
import { session } from '../../engine/store/session.js';
import * as units from '../../engine/core/units.js';
import { h, mount, field, describe } from '../../ui.js';
import { FEET_PER_METER, SPORTS, sportName } from '../shared/format.js';
import { EFFORTS, KINDS, fewestFirst } from './challenge-format.js';

/** A local day ("2026-11-30") as the instant it starts. */
const dayStart = (day) => new Date(`${day}T00:00`);
const dayText = (date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

export async function render({ clubId }) {
  const unit = session.units;
  const select = (name, options, value) => h('select', { name }, options.map(([key, label]) => h('option', { value: key, selected: key === value }, label)));
  const title = h('input', { type: 'text', name: 'challenge-title', maxlength: 200, required: true, placeholder: 'December 100 km' });
  const sport = select('challenge-sport', SPORTS.map((key) => [key, sportName(key)]), 'run');
  const kind = select('challenge-kind', KINDS, 'distance');
  const goal = h('input', { type: 'number', name: 'challenge-goal', min: '0', step: 'any', inputmode: 'decimal' });
  const goalLabel = h('span', {});
  const beat = h('input', { type: 'text', name: 'challenge-beat', placeholder: '25:00', autocomplete: 'off' });
  const together = h('input', { type: 'checkbox', name: 'challenge-together' });
  const effort = select('challenge-effort', EFFORTS.map(([meters, name]) => [String(meters), name]), '5000');
  const segment = h('select', { name: 'challenge-segment' });
  const now = new Date();
  const monthEnd = new Date(now.getFullYear(), now.getMonth() + 1, 0);
  const from = h('input', { type: 'date', name: 'challenge-from', required: true, value: dayText(now) });
  const to = h('input', { type: 'date', name: 'challenge-to', required: true,
    value: dayText(monthEnd.getDate() - now.getDate() < 6 ? new Date(now.getTime() + 30 * 86_400_000) : monthEnd) });
  const description = h('textarea', { name: 'challenge-description', maxlength: 2000, rows: 2 });
  const message = h('p', { class: 'error', role: 'alert' });
  const parts = {
    total: h('div', { class: 'challenge-total-fields' }, h('label', { class: 'field' }, goalLabel, goal),
      h('label', { class: 'check' }, together, h('span', {}, 'The club together: everyone’s activities add up to one goal'))),
    effort: field('Distance', effort),
    segment: h('div', {}, field('Segment', segment), h('p', { class: 'muted small' }, 'Only public segments: every member must be able to see it. Make one from an activity’s page.')),
    beat: field('Time to beat (optional, such as 25:00)', beat),
  };
  const shown = () => {
    const chosen = kind.value;
    goalLabel.textContent = { distance: `Goal, ${units.unitName(unit)}`, time: 'Goal, hours', ascent: `Goal, ${unit === 'imperial' ? 'ft' : 'm'}` }[chosen] ?? '';
    parts.total.hidden = fewestFirst(chosen);
    parts.effort.hidden = chosen !== 'fastest';
    parts.segment.hidden = chosen !== 'segment';
    parts.beat.hidden = !fewestFirst(chosen);
  };
  kind.addEventListener('change', shown);
  shown();
  const form = h('form', { class: 'card challenge-form', onsubmit: async (event) => {
    event.preventDefault();
    const challenge = read({ title, sport, kind, goal, beat, together, effort, segment, from, to, description }, unit);
    if (challenge.error) { message.textContent = challenge.error; return; }
    try {
      const made = await api.createClubChallenge(clubId, challenge);
      go(`#/clubs/${clubId}/challenges/${made.id}`);
    } catch (error) { message.textContent = describe(error); }
  } }, field('Title', title), field('Sport', sport), field('Challenge', kind), parts.total, parts.effort, parts.segment, parts.beat,
  h('div', { class: 'row challenge-dates' }, field('First day', from), field('Last day', to)),
  field('Description (optional)', description), message,
  h('button', { type: 'submit', class: 'primary', name: 'create-challenge' }, 'Set the challenge'));
  mount(h('section', { class: 'page challenge-new' }, h('p', { class: 'muted' }, h('a', { href: `#/clubs/${clubId}` }, 'Back to the club')),
    h('h1', {}, 'New challenge'), form));
  loadSegments(segment);
}

/** The reader's public segments, as the segment choice's options. */
async function loadSegments(segment) {
  try {
    const { segments } = await api.mySegments();
    const open = segments.filter((one) => one.privacy === 'public');
    segment.replaceChildren(...(open.length ? open.map((one) => h('option', { value: one.id }, one.name))
      : [h('option', { value: '' }, 'You have no public segment yet')]));
  } catch (error) { segment.replaceChildren(h('option', { value: '' }, describe(error))); }
}

/** The challenge the form says, in the API's units, or `{ error }` saying what to change. */
function read(fields, unit) {
  const kind = fields.kind.value;
  const startsAt = dayStart(fields.from.value);
  const endsAt = dayStart(fields.to.value);
  endsAt.setDate(endsAt.getDate() + 1);
  if (!fields.title.value.trim()) return { error: 'Give the challenge a title.' };
  if (!(endsAt > startsAt)) return { error: 'The last day must be on or after the first.' };
  if (!(endsAt > new Date())) return { error: 'The last day must be today or later.' };
  const challenge = { title: fields.title.value.trim(), description: fields.description.value, sport: fields.sport.value, kind,
    startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() };
  if (fewestFirst(kind)) {
    if (fields.beat.value.trim()) {
      const seconds = units.parseClock(fields.beat.value);
      if (!seconds) return { error: `“${fields.beat.value}” is not a time: write minutes and seconds, such as 25:00, or h:mm:ss.` };
      challenge.goal = seconds;
    }
    if (kind === 'fastest') challenge.effortMeters = Number(fields.effort.value);
    if (kind === 'segment') {
      if (!fields.segment.value) return { error: 'Choose a public segment, or make one from an activity’s page.' };
      challenge.segmentId = fields.segment.value;
    }
    return challenge;
  }
  const amount = Number(fields.goal.value);
  if (!(amount > 0)) return { error: 'Set a goal above 0.' };
  const scale = { distance: units.unitMeters(unit), time: 3600, ascent: unit === 'imperial' ? 1 / FEET_PER_METER : 1 }[kind];
  challenge.goal = amount * scale;
  challenge.together = fields.together.checked;
  return challenge;
}
