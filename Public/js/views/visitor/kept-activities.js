// The activities recorded without an account, kept on this phone (in the outbox, with no
// owner) until an account takes them. For a visitor: what is kept, and "Keep it: make an
// account" or Log in, which upload them once signed in; or Discard. For someone signed in
// (a shared phone: whoever recorded them may be someone else): "Add 1 run recorded before
// signing in to this account?", Add to my account or Not mine. Nothing is added to an
// account that did not choose it; Not mine leaves them on the phone for whoever recorded
// them, and that account is not asked again.
import { outbox } from '../../engine/api/outbox.js';
import { session } from '../../engine/store/session.js';
import * as units from '../../engine/core/units.js';
import { h } from '../../ui.js';
import { dayAndTime, sportName } from '../shared/format.js';
import { keepAddress } from './keep-address.js';

/** "1 run", "2 walks", "3 activities" (of several sports). */
export function activityCount(items) {
  const sports = new Set(items.map((item) => item.facts?.sport ?? item.upload.sport));
  const noun = sports.size === 1 ? sportName([...sports][0]).toLowerCase() : 'activity';
  return `${items.length} ${items.length === 1 ? noun : noun === 'activity' ? 'activities' : `${noun}s`}`;
}

/** One kept activity: its name, when, how far and how long. */
function keptItem(item, unit, discard) {
  const first = item.upload.fixes?.[0] ?? item.upload.segments?.[0]?.[0];
  const facts = [dayAndTime(first?.time ?? item.createdAt),
    item.facts ? units.distance(item.facts.distanceMeters, unit) : null,
    item.facts ? units.clock(item.facts.seconds) : null].filter(Boolean).join(' · ');
  return h('li', { class: 'kept-item', dataset: { sequence: String(item.sequence) } },
    h('span', { class: 'kept-text' }, h('strong', {}, item.label ?? 'Run'), h('span', { class: 'muted' }, facts)),
    discard ? h('button', { type: 'button', class: 'ghost small', name: 'discard-kept', onclick: () => discard(item) }, 'Discard') : null);
}

/** For a visitor: the card of what is kept on this phone, or null when nothing is. `redraw` after a discard. */
export async function keptForVisitor(redraw) {
  const items = await outbox.keptBeforeSigningIn();
  if (!items.length) return null;
  const unit = session.units;
  const count = activityCount(items);
  const sequences = items.map((item) => item.sequence);
  const discard = async (item) => {
    if (!confirm(`Discard ${item.label ?? 'this activity'}? It will be gone for good.`)) return;
    await outbox.dismiss(item.sequence);
    redraw();
  };
  return h('div', { class: 'card kept-card', id: 'kept-activities' },
    h('h2', {}, 'Kept on this phone'),
    h('p', {}, `${count[0].toUpperCase()}${count.slice(1)} recorded without an account. Make an account, or log in, to keep `
      + `${items.length === 1 ? 'it' : 'them'}: uploaded to your account then, nothing lost.`),
    h('ul', { class: 'list kept-list' }, items.map((item) => keptItem(item, unit, discard))),
    h('div', { class: 'row' },
      h('a', { class: 'button primary', href: keepAddress(sequences, true), id: 'keep-register' }, 'Keep it: make an account'),
      h('a', { class: 'button', href: keepAddress(sequences, false), id: 'keep-log-in' }, 'Log in')));
}

/**
 * For someone signed in: the question whether the activities kept before signing in are
 * theirs, or null when there is none to ask about. `answered(added)` once they have said.
 */
export async function keptQuestion(answered) {
  const profile = session.profile;
  const items = await outbox.keptBeforeSigningIn(profile.id);
  if (!items.length) return null;
  const count = activityCount(items);
  const add = h('button', { type: 'button', class: 'primary', name: 'add-kept' }, 'Add to my account');
  const notMine = h('button', { type: 'button', class: 'ghost', name: 'not-mine' }, 'Not mine');
  add.addEventListener('click', async () => {
    add.disabled = notMine.disabled = true;
    await outbox.claim(profile.id, items.map((item) => item.sequence));
    answered(true);
  });
  notMine.addEventListener('click', async () => {
    add.disabled = notMine.disabled = true;
    await outbox.decline(profile.id);
    answered(false);
  });
  return h('div', { class: 'card kept-card kept-question', id: 'kept-question', role: 'region', 'aria-labelledby': 'kept-question-title' },
    h('h2', { id: 'kept-question-title' }, `Add ${count} recorded before signing in to this account?`),
    h('p', {}, items.length === 1
      ? 'Recorded on this phone without an account. If it is yours, add it: it is uploaded to your activities. Not mine leaves it on this phone for whoever recorded it.'
      : 'Recorded on this phone without an account. If they are yours, add them: they are uploaded to your activities. Not mine leaves them on this phone for whoever recorded them.'),
    h('ul', { class: 'list kept-list' }, items.map((item) => keptItem(item, session.units, null))),
    h('div', { class: 'row' }, add, notMine));
}
