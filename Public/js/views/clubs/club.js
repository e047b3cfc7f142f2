// #/clubs/ID: a club. Its members see its events, challenges, leaderboards, feed and members, and its owner
// and admins its invitation link; anyone else sees its name and description and may join
// (an invitation link, #/clubs/ID?secret=…, lets them).
import { api } from '../../engine/api/paceline.js';
import { go } from '../../router.js';
import { h, mount, toast, describe } from '../../ui.js';
import { admissionName, invitationLink } from './club-format.js';
import { boardCard } from './club-board.js';
import { feedCard } from './club-feed.js';
import { peopleCard } from './club-people.js';
import { eventsCard } from './club-events.js';
import { challengesCard } from './club-challenges.js';

export async function render({ clubId }, { secret }) {
  mount(h('section', { class: 'page club' }, h('p', { class: 'muted' }, 'Loading…')));
  let club;
  try {
    club = await api.club(clubId, secret);
  } catch (error) {
    mount(h('section', { class: 'page club' }, h('h1', {}, 'Club'),
      h('p', { class: 'error' }, error.status === 404 ? 'No such club, or its link has been renewed: ask a member for the new one.' : describe(error))));
    return null;
  }
  const member = club.membership === 'member';
  const cleanups = [];
  const parts = member
    ? [inviteCard(club), eventsCard(club, cleanups), challengesCard(club), boardCard(club), feedCard(club), peopleCard(club), leaveButton(club)]
    : [joinCard(club, secret), club.admission === 'open' ? eventsCard(club, cleanups) : null];
  mount(h('section', { class: 'page club', dataset: { club: club.id } },
    h('h1', {}, club.name),
    h('p', { class: 'muted club-facts' }, `${club.memberCount} ${club.memberCount === 1 ? 'member' : 'members'} · ${admissionName(club.admission)}`),
    club.description ? h('p', { class: 'club-description' }, club.description) : null,
    ...parts, club.role === 'owner' ? null : reportButton(club)));
  return () => cleanups.forEach((cleanup) => cleanup());
}

/** The invitation link, to copy and share; renewing it voids the old one (owner and admins). */
function inviteCard(club) {
  if (!club.invitationSecret) return null;
  const address = h('input', { type: 'text', name: 'invitation-link', readonly: true, value: invitationLink(club) });
  const copy = h('button', { type: 'button', class: 'primary', name: 'copy-invitation', onclick: async () => {
    try { await navigator.clipboard.writeText(address.value); toast('Link copied: send it to who should join'); } catch { address.select(); }
  } }, 'Copy link');
  const renew = h('button', { type: 'button', class: 'ghost small', name: 'renew-invitation', onclick: async () => {
    if (!confirm('Make a new link? The old one stops working; members stay members.')) return;
    try {
      const renewed = await api.renewClubInvitation(club.id);
      address.value = invitationLink(renewed);
      toast('New link made');
    } catch (error) { toast(describe(error), { error: true }); }
  } }, 'New link');
  return h('section', { class: 'card club-invite' }, h('h2', {}, 'Invite'),
    h('p', { class: 'muted' }, club.admission === 'approval' ? 'Who opens this link may ask to join; you approve them below.'
      : club.admission === 'open' ? 'Anyone can find the club, or open this link to join.' : 'Who opens this link may join.'),
    address, h('div', { class: 'row' }, copy, renew));
}

function joinCard(club, secret) {
  if (club.membership === 'requested') {
    return h('section', { class: 'card club-join' }, h('p', {}, 'You asked to join. An admin of the club will answer.'), leaveButton(club, 'Withdraw request'));
  }
  if (club.membership === 'banned') return h('section', { class: 'card club-join' }, h('p', { class: 'muted' }, 'You can no longer join this club.'));
  const asks = club.admission === 'approval';
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  const join = h('button', { type: 'button', class: 'primary', name: 'join-club', onclick: async () => {
    join.disabled = true;
    try {
      const joined = await api.joinClub(club.id, secret);
      toast(joined.membership === 'member' ? `Welcome to ${joined.name}` : 'Asked: an admin will answer');
      go(`#/clubs/${club.id}`);
    } catch (failure) {
      error.textContent = describe(failure);
      error.hidden = false;
      join.disabled = false;
    }
  } }, asks ? 'Ask to join' : 'Join club');
  return h('section', { class: 'card club-join' },
    h('p', {}, 'Members see each other’s activities shared with “Friends and my clubs”, the club’s feed and its leaderboards.'),
    join, error);
}

function leaveButton(club, label = 'Leave club') {
  return h('button', { type: 'button', class: 'ghost leave', name: 'leave-club', onclick: async () => {
    if (club.role === 'owner') { toast('Make another member the owner first, or delete the club', { error: true }); return; }
    if (!confirm(label === 'Leave club' ? `Leave ${club.name}? Its members no longer see what you share with your clubs.` : 'Withdraw your request?')) return;
    try {
      await api.leaveClub(club.id);
      go('#/clubs');
    } catch (error) { toast(describe(error), { error: true }); }
  } }, label);
}

/** Report the club to this Paceline's admins (not for its owner). */
function reportButton(club) {
  return h('button', { type: 'button', class: 'link report-club', name: 'report-club', onclick: async () => {
    const reason = prompt(`Report ${club.name} to the admins of this Paceline. Why? (optional)`);
    if (reason === null) return;
    try { await api.reportClub(club.id, reason.slice(0, 500)); toast('Reported. The admins will look at it.'); } catch (error) { toast(describe(error), { error: true }); }
  } }, 'Report this club');
}
