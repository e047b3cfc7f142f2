// #/friends: invitations to run now, "Run together" (a live session), "Join with a code",
// friend requests, friends, and finding people. A live connection stays open while the
// screen shows, so an invitation from a friend appears at once (the server sends the
// session to invited users who are connected), and those made while the app was closed
// appear on opening (the server sends them after `welcome`).
import { api } from '../engine/api/paceline.js';
import { sportName } from './shared/format.js';
import { LiveSocket, describeLiveError } from '../engine/live/live-socket.js';
import { invitations } from '../engine/live/invitations.js';
import { go } from '../router.js';
import { session } from '../engine/store/session.js';
import { unitMeters, unitName as nameOfUnit } from '../engine/core/units.js';
import { sessionDistance } from './live/format.js';
import { h, mount, toast, describe } from '../ui.js';

const PRESETS = [1000, 5000, 10000];

export function render() {
  const units = session.units;
  const screen = {
    units,
    unitName: nameOfUnit(units),
    perUnit: unitMeters(units),
    friends: [],
    me: session.profile?.id ?? null,
    waitingFor: null,           // 'create' | 'code' | 'invitation': where a live error belongs
    joining: null,              // the session whose invitation was taken
    searchTimer: null,
    live: new LiveSocket(),
    connection: h('span', { class: 'pill live-state', hidden: true }),
    invitationBox: h('section', { class: 'card invitations', hidden: true, 'aria-live': 'polite' }),
    receivedBox: h('section', { class: 'card requests-received', hidden: true }),
    activeBox: h('section', { class: 'card friends-active', hidden: true }),
    friendsBox: h('section', { class: 'card friends-list' }),
    sentBox: h('section', { class: 'card requests-sent', hidden: true }),
  };
  const createForm = runTogetherForm(screen);
  const codeForm = joinWithCodeForm(screen);
  const searchForm = findPeopleForm(screen);
  listen(screen);
  const stopInvitations = invitations.onChange(() => showInvitations(screen));
  showInvitations(screen);
  showInviteList(screen);
  mount(h('section', { class: 'page friends' },
    h('div', { class: 'spread' }, h('h1', {}, 'Friends'), screen.connection),
    screen.invitationBox, screen.receivedBox, screen.activeBox,
    h('a', { class: 'card link-card', href: '#/invitations', id: 'walk-together' }, h('strong', {}, 'Walk together later'),
      h('span', { class: 'muted' }, 'Invite friends for a time and a place; answer their invitations.')),
    h('a', { class: 'card link-card', href: '#/clubs', id: 'clubs-link' }, h('strong', {}, 'Clubs'),
      h('span', { class: 'muted' }, 'Your running club or crew: members, a shared feed and leaderboards.')),
    createForm, codeForm, screen.friendsBox, searchForm, screen.sentBox));
  load(screen);
  showActive(screen);
  const activeTimer = setInterval(() => showActive(screen), 60_000);

  return () => { clearTimeout(screen.searchTimer); clearInterval(activeTimer); stopInvitations(); screen.live.close(); };
}

// ---- Invitations to a live session (from the live connection) ----
function showInvitations(screen) {
  const { invitationBox } = screen;
  const open = invitations.list();
  invitationBox.hidden = open.length === 0;
  invitationBox.replaceChildren(h('h2', {}, 'Invited to run now'),
    h('ul', { class: 'list' }, open.map((state) => invitationRow(screen, state))),
    h('p', { class: 'error', role: 'alert', dataset: { for: 'invitation' } }));
}

function invitationRow(screen, state) {
  const host = state.members.find((member) => member.userId === state.hostId)?.displayName ?? 'A friend';
  const what = [state.sport === 'walk' ? 'walk' : 'run', ' ', h('strong', {}, sessionDistance(state.distanceMeters, screen.units))];
  return h('li', { class: 'invitation', dataset: { sessionId: state.sessionId } },
    state.hostId === screen.me
      ? h('span', {}, 'Your ', ...what, ' session is still open')
      : h('span', {}, h('strong', {}, host), ' invites you to ', ...what, ' together'),
    h('button', { class: 'primary', name: 'join-invitation', onclick: (event) => {
      event.currentTarget.disabled = true;
      screen.waitingFor = 'invitation';
      screen.joining = state.sessionId;
      screen.live.joinSession({ sessionId: state.sessionId });
    } }, 'Join'));
}

// ---- Run together ----
function runTogetherForm(screen) {
  const { perUnit, unitName } = screen;
  const choice = distanceAndSport(screen);
  screen.inviteList = h('ul', { class: 'list pick' });
  screen.createError = h('p', { class: 'error', role: 'alert', dataset: { for: 'create' } });
  screen.createButton = h('button', { class: 'primary wide', type: 'submit', name: 'create' }, 'Create session');
  const { createError, createButton } = screen;
  return h('form', {
    class: 'card run-together',
    novalidate: true,
    onsubmit: (event) => {
      event.preventDefault();
      createError.textContent = '';
      const meters = choice.meters();
      if (!Number.isFinite(meters) || meters < 100 || meters > 100000) {
        createError.textContent = `Choose a distance from ${(100 / perUnit).toFixed(2)} to ${Math.floor(100000 / perUnit)} ${unitName}.`;
        return;
      }
      const invite = [...screen.inviteList.querySelectorAll('input[name=invite]:checked')].map((box) => box.value);
      createButton.disabled = true;
      createButton.textContent = screen.live.state === 'connected' ? 'Creating…' : 'Connecting…';
      screen.waitingFor = 'create';
      screen.live.createSession({ distanceMeters: meters, sport: choice.sport(), invite });
    },
  },
  h('h2', {}, 'Run together'),
  h('p', { class: 'muted small' }, 'Race friends live, each from where you are: first to the distance wins.'),
  ...choice.elements,
  h('h3', {}, 'Invite'),
  screen.inviteList,
  createError,
  createButton);
}

/** The distance (a preset or another) and the sport of a new session. */
function distanceAndSport({ perUnit, unitName, units }) {
  let chosen = 5000;
  let sport = 'run';
  const custom = h('input', { type: 'number', name: 'custom-distance', inputmode: 'decimal', min: String((100 / perUnit).toFixed(2)),
    max: String(Math.floor(100000 / perUnit)), step: '0.01', placeholder: units === 'imperial' ? '3.1' : '5', 'aria-label': `Distance in ${unitName}` });
  const customRow = h('div', { class: 'row custom-distance', hidden: true }, custom, h('span', { class: 'muted' }, unitName));
  const distanceButtons = [...PRESETS.map((meters) => h('button', { type: 'button', dataset: { meters: String(meters) } }, `${meters / 1000} km`)),
    h('button', { type: 'button', dataset: { meters: 'custom' } }, 'Other')];
  const sportButtons = ['run', 'walk'].map((value) => h('button', { type: 'button', dataset: { sport: value } }, value === 'run' ? 'Run' : 'Walk'));
  function paintChoices() {
    for (const button of distanceButtons) button.setAttribute('aria-pressed', String(button.dataset.meters === String(chosen)));
    for (const button of sportButtons) button.setAttribute('aria-pressed', String(button.dataset.sport === sport));
    customRow.hidden = chosen !== 'custom';
  }
  distanceButtons.forEach((button) => button.addEventListener('click', () => {
    chosen = button.dataset.meters === 'custom' ? 'custom' : Number(button.dataset.meters);
    paintChoices();
    if (chosen === 'custom') custom.focus();
  }));
  sportButtons.forEach((button) => button.addEventListener('click', () => { sport = button.dataset.sport; paintChoices(); }));
  paintChoices();
  return {
    elements: [h('div', { class: 'segmented distances', role: 'group', 'aria-label': 'Distance' }, distanceButtons),
      customRow,
      h('div', { class: 'segmented sports', role: 'group', 'aria-label': 'Sport' }, sportButtons)],
    meters: () => (chosen === 'custom' ? Math.round(Number(custom.value) * perUnit) : chosen),
    sport: () => sport,
  };
}

function showInviteList({ inviteList, friends }) {
  inviteList.replaceChildren(...(friends.length === 0
    ? [h('li', { class: 'muted' }, 'No friends yet: add some below. Anyone can also join with the session’s code.')]
    : friends.map(({ user }) => h('li', {}, h('label', { class: 'check' },
      h('input', { type: 'checkbox', name: 'invite', value: user.id }), h('span', {}, user.displayName))))));
}

// ---- Join with a code ----
function joinWithCodeForm(screen) {
  screen.codeInput = h('input', { type: 'text', name: 'code', inputmode: 'numeric', pattern: '[0-9]{4}', maxlength: 4,
    autocomplete: 'off', placeholder: '0000', 'aria-label': 'The 4-digit code' });
  screen.codeError = h('p', { class: 'error', role: 'alert', dataset: { for: 'code' } });
  screen.codeButton = h('button', { class: 'primary', type: 'submit', name: 'join-code' }, 'Join');
  const { codeInput, codeError, codeButton } = screen;
  return h('form', {
    class: 'card join-code',
    novalidate: true,
    onsubmit: (event) => {
      event.preventDefault();
      codeError.textContent = '';
      const code = codeInput.value.trim();
      if (!/^\d{4}$/.test(code)) { codeError.textContent = 'A code is 4 digits.'; return; }
      codeButton.disabled = true;
      screen.waitingFor = 'code';
      screen.live.joinSession({ code });
    },
  }, h('h2', {}, 'Join with a code'), h('div', { class: 'row' }, codeInput, codeButton), codeError);
}

// ---- Friend requests, friends, people ----
function findPeopleForm(screen) {
  screen.searchInput = h('input', { type: 'search', name: 'search', placeholder: 'A name', autocomplete: 'off', 'aria-label': 'Search people by name' });
  screen.searchResults = h('ul', { class: 'list search-results' });
  const form = h('form', {
    class: 'card find-people',
    onsubmit: (event) => { event.preventDefault(); search(screen); },
  }, h('h2', {}, 'Find people'), h('div', { class: 'row' }, screen.searchInput, h('button', { type: 'submit', name: 'search-button' }, 'Search')), screen.searchResults);
  screen.searchInput.addEventListener('input', () => { clearTimeout(screen.searchTimer); screen.searchTimer = setTimeout(() => search(screen), 350); });
  return form;
}

async function search(screen) {
  const { searchInput, searchResults } = screen;
  const text = searchInput.value.trim();
  if (text.length < 2) { searchResults.replaceChildren(text ? h('li', { class: 'muted' }, 'Type at least 2 letters.') : ''); return; }
  try {
    const { users } = await api.searchUsers(text);
    if (searchInput.value.trim() !== text) return;
    searchResults.replaceChildren(...(users.length === 0 ? [h('li', { class: 'muted' }, `No one called “${text}”.`)]
      : users.map((user) => h('li', { dataset: { userId: user.id } }, h('span', {}, user.displayName), relationAction(screen, user)))));
  } catch (error) {
    searchResults.replaceChildren(h('li', { class: 'error' }, describe(error)));
  }
}

function relationAction(screen, user) {
  switch (user.relation) {
    case 'friend': return h('span', { class: 'badge' }, 'Friend');
    case 'requestSent': return h('span', { class: 'badge' }, 'Request sent');
    case 'requestReceived': return h('button', { class: 'primary', name: 'accept', onclick: () => act(screen, () => api.acceptFriendRequest(user.id), `${user.displayName} is now your friend`) }, 'Accept');
    default: return h('button', { class: 'primary', name: 'add-friend', onclick: () => act(screen, () => api.sendFriendRequest(user.id), `Request sent to ${user.displayName}`) }, 'Add friend');
  }
}

/** Runs a REST action, says how it went, and refreshes the lists. */
async function act(screen, action, done) {
  try {
    await action();
    if (done) toast(done);
  } catch (error) {
    toast(describe(error), { error: true });
  }
  await load(screen);
  if (screen.searchInput.value.trim().length >= 2) search(screen);
}

function showRequests(screen, received, sent) {
  const { receivedBox, sentBox } = screen;
  receivedBox.hidden = received.length === 0;
  receivedBox.replaceChildren(h('h2', {}, `Friend requests (${received.length})`), h('ul', { class: 'list' }, received.map(({ user }) =>
    h('li', { dataset: { userId: user.id } }, h('strong', {}, user.displayName), h('span', { class: 'row' },
      h('button', { class: 'primary', name: 'accept', onclick: () => act(screen, () => api.acceptFriendRequest(user.id), `${user.displayName} is now your friend`) }, 'Accept'),
      h('button', { class: 'ghost', name: 'decline', onclick: () => act(screen, () => api.declineFriendRequest(user.id)) }, 'Decline'))))));
  sentBox.hidden = sent.length === 0;
  sentBox.replaceChildren(h('h2', {}, 'Waiting for an answer'), h('ul', { class: 'list' }, sent.map(({ user }) =>
    h('li', { dataset: { userId: user.id } }, h('span', {}, user.displayName),
      h('button', { class: 'ghost', name: 'withdraw', onclick: () => act(screen, () => api.removeFriend(user.id)) }, 'Withdraw')))));
}

function showFriends(screen) {
  const { friends } = screen;
  screen.friendsBox.replaceChildren(h('h2', {}, friends.length ? `Friends (${friends.length})` : 'Friends'),
    friends.length === 0 ? h('p', { class: 'muted' }, 'No friends yet. Find people below and send them a request.')
      : h('ul', { class: 'list' }, friends.map(({ user }) => friendRow(screen, user))));
}

/** A friend, with Remove asking "Remove NAME?" in place before doing it. */
function friendRow(screen, user) {
  const row = h('li', { dataset: { userId: user.id } });
  const normal = () => row.replaceChildren(h('span', {}, user.displayName),
    h('button', { class: 'ghost', name: 'remove', onclick: confirming }, 'Remove'));
  const confirming = () => row.replaceChildren(h('span', {}, `Remove ${user.displayName}?`), h('span', { class: 'row' },
    h('button', { class: 'danger', name: 'confirm-remove', onclick: () => act(screen, () => api.removeFriend(user.id), `${user.displayName} removed`) }, 'Remove'),
    h('button', { class: 'ghost', name: 'keep', onclick: normal }, 'Keep')));
  normal();
  return row;
}

const DOING = { recording: 'Recording', live: 'In a live session' };

/** "Active now": friends recording or in a live session, who share it (asked every minute). */
async function showActive(screen) {
  try {
    const { friends } = await api.friendsPresent();
    screen.activeBox.hidden = friends.length === 0;
    screen.activeBox.replaceChildren(h('h2', {}, 'Active now'), h('ul', { class: 'list' }, friends.map(({ user, state, sport, since }) => {
      const minutes = Math.max(1, Math.round((Date.now() - Date.parse(since)) / 60_000));
      const what = state === 'recording' && sport ? `${DOING.recording} a ${sportName(sport).toLowerCase()}` : DOING[state];
      return h('li', { dataset: { userId: user.id } }, h('span', {}, h('span', { class: 'dot live-dot', 'aria-hidden': 'true' }), ' ', h('strong', {}, user.displayName)),
        h('span', { class: 'muted' }, `${what} · ${minutes} min`));
    })));
  } catch { /* offline: the card stays as it was */ }
}

async function load(screen) {
  try {
    const [friendPage, received, sent] = await Promise.all([api.friends(), api.friendRequests('received'), api.friendRequests('sent')]);
    screen.friends = friendPage.friends;
    showFriends(screen);
    showInviteList(screen);
    showRequests(screen, received.requests, sent.requests);
  } catch (error) {
    screen.friendsBox.replaceChildren(h('h2', {}, 'Friends'), h('p', { class: 'error' }, error.isNetwork ? 'No connection: friends need the network.' : describe(error)));
  }
}

// ---- The live connection ----
function listen(screen) {
  const { live, connection, createButton } = screen;
  live.on('connection', (state) => {
    connection.hidden = state === 'connected';
    connection.textContent = state === 'reconnecting' ? 'Reconnecting…' : 'Connecting…';
    if (state === 'connected' && createButton.disabled) createButton.textContent = 'Creating…';
  });
  live.on('welcome', (welcome) => { screen.me = welcome.userId; });
  // Invited and not in yet (a host who walked away from their lobby is "invited" too).
  live.on('session', (state) => invitations.note(state, screen.me));
  live.on('joined', ({ sessionId }) => go(`#/live/${sessionId}`));
  live.on('error', (error) => showError(screen, error));
}

function showError(screen, error) {
  const { waitingFor, joining, invitationBox, createButton, codeButton } = screen;
  if (waitingFor === 'invitation' && joining && ['already_started', 'not_invited'].includes(error.code)) {
    invitations.forget(joining);
    toast(describeLiveError(error), { error: true });
  }
  const where = { create: screen.createError, code: screen.codeError, invitation: invitationBox.querySelector('[data-for=invitation]') }[waitingFor];
  if (where) where.textContent = describeLiveError(error); else toast(describeLiveError(error), { error: true });
  createButton.disabled = false;
  createButton.textContent = 'Create session';
  codeButton.disabled = false;
  invitationBox.querySelectorAll('button').forEach((button) => { button.disabled = false; });
  if (waitingFor === 'code') screen.codeInput.select();
}
