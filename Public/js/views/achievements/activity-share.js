// Sharing the activity just saved, under the summary. A public one has Share (the phone's
// share sheet, with the address of its public page, /share/runs/ID, whose link card shows
// its map and figures) or, where the browser has no share sheet, Copy link. Any other says
// who can see it and that sharing needs it to be public, and how; it gives no address: its
// page is not for everyone, and its share page says "Not shared".
import { h } from '../../ui.js';
import { icon } from '../../icons.js';
import * as units from '../../engine/core/units.js';
import { privacyName, sportName } from '../shared/format.js';
import { share } from './share.js';

/** Who sees an activity that is not public, in words. */
const SEEN_BY = { private: 'Only you can', friends: 'Your friends can', friends_and_clubs: 'Your friends and your clubs can' };

/** The line for `run` (the server's answer to the upload), titled `title`, in `unit`s. */
export function activityShare(run, title, unit) {
  const noun = sportName(run.sport).toLowerCase();
  if (run.privacy !== 'public') {
    return h('div', { class: 'activity-share', id: 'activity-share', dataset: { privacy: run.privacy } },
      h('p', { class: 'muted' }, `${SEEN_BY[run.privacy] ?? `${privacyName(run.privacy)} can`} see this ${noun}. `
        + 'Sharing a link needs it to be public: open it, tap Edit and choose Everyone.'));
  }
  const sheet = typeof navigator.share === 'function';
  const figures = `${units.distance(run.distanceMeters, unit)} in ${units.clock(run.movingSeconds)}`;
  return h('div', { class: 'activity-share', id: 'activity-share', dataset: { privacy: run.privacy } },
    h('button', { type: 'button', class: 'ghost', name: 'share-activity',
      onclick: () => share(`/share/runs/${run.id}`, title, `${title}: ${figures}`) },
    icon('share'), sheet ? 'Share' : 'Copy link'),
    h('span', { class: 'muted' }, 'Anyone with the link sees its map and figures.'));
}
