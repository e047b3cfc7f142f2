// What waits for the user's answer: friend requests received, walk invitations not yet
// answered, live sessions they are invited to. Counted for the badge on the Friends tab
// and the home screen's tiles; asked again every minute while watched, and when the app
// comes back to the screen (app.js calls `refresh`).
import { api } from '../api/paceline.js';
import { invitations as liveInvitations } from '../live/invitations.js';
import { session } from '../store/session.js';

const EVERY_MS = 60_000;
const watchers = new Set();
let counts = { friends: 0, invitations: 0, live: 0 };
let timer = null;

/** Walk invitations to the user still to answer: pending, scheduled, not started. */
export function unanswered(invitationList, me, now = Date.now()) {
  return invitationList.filter((invitation) => invitation.status === 'scheduled' && Date.parse(invitation.startsAt) > now
    && invitation.guests.some((guest) => guest.user.id === me && guest.response === 'pending')).length;
}

async function refresh() {
  if (!session.loggedIn) { publish({ friends: 0, invitations: 0 }); return; }
  try {
    const [requests, received] = await Promise.all([api.friendRequests('received'), api.invitations('received')]);
    publish({ friends: requests.requests.length, invitations: unanswered(received.invitations, session.profile?.id) });
  } catch { /* offline: the last counts stay */ }
}

function publish(changes) {
  counts = { ...counts, ...changes, live: liveInvitations.list().length };
  counts.total = counts.friends + counts.invitations + counts.live;
  watchers.forEach((watcher) => watcher(counts));
}

liveInvitations.onChange(() => publish({}));

export const waiting = {
  /** Calls `watcher(counts)` now and on each change ({friends, invitations, live, total}); returns a function that stops. */
  watch(watcher) {
    watchers.add(watcher);
    watcher(counts);
    refresh();
    timer ??= setInterval(refresh, EVERY_MS);
    return () => {
      watchers.delete(watcher);
      if (!watchers.size) { clearInterval(timer); timer = null; }
    };
  },
  /** Asks again now (after answering a request or an invitation). */
  refresh,
};
