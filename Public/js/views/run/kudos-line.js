// Kudos on an activity: how many, who gave the latest, and (on someone else's activity,
// signed in) a toggle to give or take back one's own; a visitor is offered to make an
// account to give them. The server says who may see or give.
import { api } from '../../engine/api/paceline.js';
import { session } from '../../engine/store/session.js';
import { h, toast, describe } from '../../ui.js';
import { icon } from '../../icons.js';
import { signInAddress } from '../../router.js';

/** "Bo, Cy and 3 others" of `kudos` (the server names the latest 20 of `count`). */
export function giversText({ count, givers }) {
  const names = givers.slice(0, 3).map((giver) => giver.displayName);
  const others = count - names.length;
  if (!names.length) return '';
  if (others <= 0) return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${names.join(', ')} and ${others} other${others === 1 ? '' : 's'}`;
}

/** The kudos line of run `runId`; `owned`: the reader's own activity (no toggle). */
export function kudosLine(runId, owned) {
  const button = h('button', { type: 'button', class: 'kudos-button', name: 'kudos', 'aria-pressed': 'false', hidden: true });
  const who = h('span', { class: 'muted kudos-givers' });
  const join = session.profile ? null : h('a', { class: 'button ghost small', id: 'kudos-join', href: signInAddress(location.hash, 'kudos', true) }, 'Make an account to give kudos');
  const line = h('p', { class: 'kudos', id: 'kudos' }, button, who, join);
  let kudos = null;
  function show(next) {
    kudos = next;
    button.hidden = owned || !session.profile;
    button.setAttribute('aria-pressed', String(kudos.given));
    button.replaceChildren(icon('kudos'), ` ${kudos.given ? 'Kudos given' : 'Give kudos'} · ${kudos.count}`);
    const names = giversText(kudos);
    who.textContent = names ? `Kudos from ${names}` : (button.hidden ? 'No kudos yet' : '');
  }
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      show(await (kudos.given ? api.takeBackKudos(runId) : api.giveKudos(runId)));
    } catch (error) {
      toast(describe(error), { error: true });
    } finally {
      button.disabled = false;
    }
  });
  api.kudos(runId).then(show).catch(() => { line.hidden = true; });
  return line;
}
