// A club's members card, with roles; its owner and admins also see who asked to join, to
// approve or decline.
import { api } from '../../engine/api/paceline.js';
import { session } from '../../engine/store/session.js';
import { h, toast, describe } from '../../ui.js';

const ROLES = { owner: 'Owner', admin: 'Admin', member: '' };

/** The card, which loads the members (and the requests, for those who answer them). */
export function peopleCard(club) {
  const members = h('ul', { class: 'list club-members' });
  const requests = h('ul', { class: 'list club-requests' });
  const requestsBox = h('div', { class: 'club-requests-box', hidden: true }, h('h3', {}, 'Asking to join'), requests);
  loadMembers(club, members);
  if (club.role === 'owner' || club.role === 'admin') loadRequests(club, requests, requestsBox, members);
  return h('section', { class: 'card club-people' }, h('h2', {}, 'Members'), requestsBox, members);
}

async function loadMembers(club, list) {
  try {
    const { members } = await api.clubMembers(club.id);
    const me = session.profile?.id;
    list.replaceChildren(...members.map((member) => h('li', { class: 'club-member', dataset: { user: member.user.id } },
      h('span', {}, member.user.id === me ? `${member.user.displayName} (you)` : member.user.displayName),
      ROLES[member.role] ? h('span', { class: 'pill' }, ROLES[member.role]) : null)));
  } catch (error) {
    list.replaceChildren(h('li', { class: 'error' }, describe(error)));
  }
}

async function loadRequests(club, list, box, members) {
  try {
    const { members: asking } = await api.clubMembers(club.id, 'requested');
    box.hidden = asking.length === 0;
    list.replaceChildren(...asking.map((request) => h('li', { class: 'club-request', dataset: { user: request.user.id } },
      h('span', {}, request.user.displayName),
      h('span', { class: 'row' },
        h('button', { type: 'button', class: 'primary small', name: 'approve', onclick: () => answer(club, request, true, list, box, members) }, 'Approve'),
        h('button', { type: 'button', class: 'ghost small', name: 'decline', onclick: () => answer(club, request, false, list, box, members) }, 'Decline')))));
  } catch (error) {
    list.replaceChildren(h('li', { class: 'error' }, describe(error)));
  }
}

async function answer(club, request, approve, list, box, members) {
  try {
    if (approve) await api.approveClubMember(club.id, request.user.id); else await api.removeClubMember(club.id, request.user.id);
    toast(approve ? `${request.user.displayName} is a member` : 'Declined');
    loadRequests(club, list, box, members);
    loadMembers(club, members);
  } catch (error) { toast(describe(error), { error: true }); }
}
