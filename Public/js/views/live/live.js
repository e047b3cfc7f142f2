// #/live/SESSION_ID: a live session, from the lobby to the results.
//   lobby     the distance, the code to read out, who is in and ready, invite more (host),
//             a big Ready toggle;
//   countdown 3-2-1-GO against `startsAt`, on the server's clock;
//   race      the runner's fixes go to the server one message each; the map shows
//             everyone, the board everyone's distance and speed (`progress`);
//   results   side by side (`results`), with each runner's pace along the distance from the
//             results' own series (race-chart.js), so a page opened later shows the same.
// The server measures every distance; this screen only shows what it reports. The
// countdown, the start and the runner's finish are said, and felt where the phone can
// vibrate (haptics.js).
import { api } from '../../engine/api/paceline.js';
import { presence } from '../../engine/social/presence.js';
import { LiveSocket, describeLiveError } from '../../engine/live/live-socket.js';
import { RaceMap } from './race-map.js';
import { invitations } from '../../engine/live/invitations.js';
import { resultsTable, winnersList, preciseClock } from './results-table.js';
import { raceChart } from './race-chart.js';
import { watchPosition, isSimulated } from '../../engine/gps/source.js';
import { go } from '../../router.js';
import { session } from '../../engine/store/session.js';
import { sessionDistance, raceDistance as formatRaceDistance } from './format.js';
import { clock, paceFromSpeed, speed } from '../../engine/core/units.js';
import { sportName } from '../shared/format.js';
import { h, mount, toast } from '../../ui.js';
import { speech } from '../../speech.js';
import { haptics } from '../../haptics.js';
import { deviceSettings } from '../../engine/store/session.js';
import { RaceSpeaker } from '../../engine/live/race-speaker.js';
import { ScreenAwake } from '../../screen-awake.js';
import { spokenDuration } from '../../engine/core/run-speaker.js';

const COLOURS = ['#1f6feb', '#e4572e', '#7b2cbf', '#17a398', '#f4a259', '#2e4057', '#d1495b', '#66a182'];
const STATUS = { invited: 'Invited', joined: 'Not ready', ready: 'Ready', running: 'Running', finished: 'Finished', gaveUp: 'Gave up' };

export function render({ sessionId }) {
  if (!sessionId) {
    mount(h('section', { class: 'page' }, h('h1', {}, 'Run together'),
      h('p', {}, 'Start a live session, or join one, from ', h('a', { href: '#/friends' }, 'Friends'), '.')));
    return undefined;
  }
  const screen = raceScreen(sessionId);
  mount(screen.root);
  listen(screen);
  screen.live.joinSession({ sessionId });
  presence.start('live');
  watchGPS(screen);
  return () => close(screen);
}

/** The screen's state (what the server said last) and its elements, shared by the phases. */
function raceScreen(sessionId) {
  const screen = {
    sessionId,
    units: session.units,
    me: session.profile?.id ?? null,
    state: null,                // the last `session`
    startsAt: null,             // ms, server clock
    results: null,
    lastFix: null,
    progress: new Map(),        // userId → last `progress`
    chart: null,                // the results' chart, destroyed when the screen goes
    speaker: new RaceSpeaker(session.units, { everySeconds: deviceSettings.gapEverySeconds }),
    finishes: new Map(),        // userId → seconds
    found: [],                  // `discovered` messages: the plaques the walkers passed, in order
    live: new LiveSocket(),
    gaveUp: false,
    left: false,
    friendList: null,
    inviteMore: null,
    raceMap: null,
    awake: new ScreenAwake(),
    giveUpArmed: null,
    stopWatching: null,
    // ---- The frame: connection state, then one of the phases ----
    connection: h('span', { class: 'pill live-state', role: 'status' }, 'Connecting…'),
    gps: h('span', { class: 'pill gps-state' }, 'GPS…'),
    errorLine: h('p', { class: 'error live-error', role: 'alert' }),
    body: h('div', { class: 'live-body' }, h('p', { class: 'muted waiting' }, 'Joining the session…')),
    lobby: h('div', { class: 'lobby page' }),
  };
  screen.root = h('section', { class: 'live', dataset: { phase: 'joining' } }, screen.body);
  screen.readyButton = h('button', { class: 'ready-toggle', name: 'ready', 'aria-pressed': 'false', onclick: () => {
    const ready = screen.readyButton.getAttribute('aria-pressed') !== 'true';
    screen.readyButton.disabled = true;
    screen.live.ready(ready);
  } });
  raceView(screen);
  // The screen stays on during the race, where the browser allows it; the kept fixes are
  // written at once when the phone puts the page away (engine/store/kept-fixes.js).
  screen.visibility = () => {
    if (document.visibilityState === 'hidden') screen.live.keepFixesNow();
  };
  screen.pagehide = () => screen.live.keepFixesNow();
  document.addEventListener('visibilitychange', screen.visibility);
  window.addEventListener('pagehide', screen.pagehide);
  screen.ticker = setInterval(() => tick(screen), 100);
  return screen;
}

// Colours by place in the members list (by name, as the server sorts it), the same on every screen.
function colourOf(screen, userId) {
  const members = screen.state?.members ?? [...(screen.results?.entries ?? [])].sort((a, b) => (a.displayName < b.displayName ? -1 : a.displayName > b.displayName ? 1 : 0));
  const index = members.findIndex((member) => member.userId === userId);
  return COLOURS[(index < 0 ? 0 : index) % COLOURS.length];
}

function nameOf(screen, userId) {
  return screen.state?.members.find((member) => member.userId === userId)?.displayName
    ?? screen.results?.entries.find((entry) => entry.userId === userId)?.displayName ?? 'Someone';
}

const myStatus = (screen) => screen.state?.members.find((member) => member.userId === screen.me)?.status;
const target = (screen) => screen.state?.distanceMeters ?? screen.results?.distanceMeters ?? 0;
const raceDistance = (screen, meters) => formatRaceDistance(meters, target(screen), screen.units);
const title = (screen) => `${sportName(screen.state?.sport ?? screen.results?.sport ?? 'run')} ${sessionDistance(target(screen), screen.units)} together`;

function phase(screen) {
  if (screen.results) return 'results';
  if (screen.startsAt !== null) return screen.live.serverNow() < screen.startsAt ? 'countdown' : 'race';
  return screen.state ? 'lobby' : 'joining';
}

// ---- Lobby ----
function showLobby(screen) {
  const { state, me, readyButton } = screen;
  const mine = myStatus(screen);
  const ready = mine === 'ready';
  readyButton.disabled = !(mine === 'joined' || mine === 'ready');
  readyButton.setAttribute('aria-pressed', String(ready));
  readyButton.replaceChildren(ready ? '✓ Ready' : 'I’m ready', h('small', {}, ready ? 'Tap if you are not' : 'Tap when you are at your start'));
  screen.lobby.replaceChildren(...[
    h('div', { class: 'spread' }, h('h1', {}, title(screen)), screen.connection),
    state.code ? codeCard(state) : null,
    h('div', { class: 'card' }, h('h2', {}, 'Runners'), h('ul', { class: 'list members' }, state.members.map((member) => memberRow(screen, member)))),
    state.hostId === me ? inviteBox(screen) : null,
    h('p', { class: 'muted hint' }, lobbyHint(screen)),
    screen.errorLine,
    h('div', { class: 'lobby-actions' }, readyButton,
      h('div', { class: 'spread' }, screen.gps, h('button', { class: 'ghost', name: 'leave', onclick: () => { leaveLobby(screen); go('#/friends'); } }, 'Leave'))),
  ].filter(Boolean));
}

/** The code to read out, and until when it works. */
function codeCard(state) {
  return h('div', { class: 'card code-card' },
    h('span', { class: 'muted' }, 'Code to join'),
    h('strong', { class: 'session-code', 'aria-label': `Code ${state.code.split('').join(' ')}` }, state.code),
    h('span', { class: 'muted small' }, `Read it out: friends enter it under Friends → Join with a code${state.codeExpiresAt ? ` (until ${new Date(state.codeExpiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })})` : ''}.`));
}

function memberRow(screen, member) {
  const { me, state } = screen;
  return h('li', { dataset: { userId: member.userId, status: member.status } },
    h('span', { class: 'runner-name' }, h('i', { class: 'dot', style: `background:${colourOf(screen, member.userId)}` }),
      member.displayName, member.userId === me ? h('span', { class: 'muted you' }, '(you)') : null,
      member.userId === state.hostId ? h('span', { class: 'badge' }, 'host') : null),
    h('span', { class: `status status-${member.status}` }, STATUS[member.status] ?? member.status));
}

/** Who the race waits for. */
function lobbyHint({ state, me }) {
  const joined = state.members.filter((member) => member.status === 'joined' || member.status === 'ready');
  const waiting = joined.filter((member) => member.status !== 'ready').map((member) => (member.userId === me ? 'you' : member.displayName));
  return joined.length < 2 ? 'Waiting for someone to join: the race needs two at least.'
    : waiting.length ? `Starts when everyone is ready. Waiting for ${waiting.length > 1 ? `${waiting.slice(0, -1).join(', ')} and ${waiting.at(-1)}` : waiting[0]}.` : 'Everyone is ready!';
}

/** Leaves the lobby; the friends screen offers the way back (as to anyone invited). */
function leaveLobby(screen) {
  const { state, me } = screen;
  screen.live.leave();
  screen.left = true;
  invitations.note({ ...state, members: state.members.map((member) => (member.userId === me ? { ...member, status: 'invited' } : member)) }, me);
}

/** The host's "Invite more friends": made once, so a lobby change does not close it or lose the ticks. */
function inviteBox(screen) {
  screen.inviteMore ??= makeInviteBox(screen);
  screen.inviteMore.fill();
  return screen.inviteMore.box;
}

function makeInviteBox(screen) {
  const box = h('details', { class: 'card invite-more' }, h('summary', {}, 'Invite more friends'));
  const list = h('ul', { class: 'list pick' });
  const send = h('button', { class: 'primary', name: 'invite', onclick: () => {
    const ids = [...list.querySelectorAll('input:checked')].map((input) => input.value);
    if (ids.length) { screen.live.invite(ids); toast(`Invited ${ids.length === 1 ? 'one friend' : `${ids.length} friends`}`); }
  } }, 'Invite');
  const fill = () => {
    const { friendList } = screen;
    const members = new Set(screen.state.members.map((member) => member.userId));
    const ticked = new Set([...list.querySelectorAll('input:checked')].map((input) => input.value));
    const others = (friendList ?? []).filter(({ user }) => !members.has(user.id));
    list.replaceChildren(...(friendList === null ? [h('li', { class: 'muted' }, 'Loading friends…')]
      : others.length === 0 ? [h('li', { class: 'muted' }, friendList.length ? 'All your friends are invited.' : 'No friends yet: they can join with the code.')]
        : others.map(({ user }) => h('li', {}, h('label', { class: 'check' },
          h('input', { type: 'checkbox', value: user.id, checked: ticked.has(user.id) }), h('span', {}, user.displayName))))));
    send.hidden = others.length === 0;
  };
  box.addEventListener('toggle', () => {
    if (box.open && screen.friendList === null) api.friends().then((page) => { screen.friendList = page.friends; fill(); }, () => { screen.friendList = []; fill(); });
  });
  box.append(list, send);
  return { box, fill };
}

// ---- Countdown and race ----
function raceView(screen) {
  Object.assign(screen, {
    countdown: h('div', { class: 'countdown', 'aria-live': 'assertive', hidden: true }),
    statusLine: h('div', { class: 'status-line' }),
    myTime: h('strong', { id: 'live-time' }, '0:00'),
    myDistance: h('strong', { id: 'live-distance' }, '–'),
    myNote: h('div', { class: 'my-note' }),
    board: h('ol', { class: 'board' }),
    foundCard: h('div', { class: 'found-card', hidden: true }),
    mapFrame: h('div', { class: 'race-map' }),
    giveUp: giveUpButton(screen),
  });
  screen.race = h('div', { class: 'race' },
    h('div', { class: 'race-hud' },
      h('div', { class: 'stat' }, screen.myTime, h('span', {}, 'Your time')),
      h('div', { class: 'stat' }, screen.myDistance, h('span', { id: 'live-target' }, 'Your distance')),
      screen.myNote,
      screen.statusLine),
    screen.mapFrame,
    h('div', { class: 'race-board' }, screen.board, screen.foundCard, screen.giveUp),
    screen.countdown);
}

/** Give up, in two taps (the first arms it for 3 s). */
function giveUpButton(screen) {
  const giveUp = h('button', { class: 'give-up', name: 'give-up', onclick: () => {
    if (!screen.giveUpArmed) {
      giveUp.textContent = 'Tap again to give up';
      giveUp.classList.add('armed');
      screen.giveUpArmed = setTimeout(() => { screen.giveUpArmed = null; giveUp.textContent = 'Give up'; giveUp.classList.remove('armed'); }, 3000);
      return;
    }
    clearTimeout(screen.giveUpArmed);
    screen.live.leave();
    screen.gaveUp = true;
    toast('You gave up: the others race on');
    showRace(screen);
  } }, 'Give up');
  return giveUp;
}

function ensureRace(screen) {
  if (screen.race.isConnected) return;
  screen.awake.start();
  screen.body.replaceChildren(screen.race);
  screen.statusLine.replaceChildren(screen.connection, screen.gps);   // they were in the lobby
  document.body.classList.add('racing');
  screen.raceMap ??= new RaceMap(screen.mapFrame);
  screen.raceMap.ready.then(() => screen.raceMap.resize());
  for (const item of screen.progress.values()) placeOnMap(screen, item);
}

function showRace(screen) {
  ensureRace(screen);
  const { me, progress, finishes, myDistance, myNote } = screen;
  const mine = progress.get(me);
  const done = finishes.get(me);
  myDistance.textContent = raceDistance(screen, mine?.distanceMeters ?? 0);
  myDistance.nextSibling.textContent = `of ${raceDistance(screen, target(screen))}`;
  screen.giveUp.hidden = done !== undefined || screen.gaveUp || phase(screen) !== 'race';
  myNote.textContent = done !== undefined ? `You finished in ${preciseClock(done)}: waiting for the others`
    : screen.gaveUp ? 'You gave up: the others are still out' : '';
  myNote.hidden = !myNote.textContent;
  screen.board.replaceChildren(...standings(screen).map((member) => boardRow(screen, member)));
}

/** The runners out or finished, first place first: finishers by time, then by distance. */
function standings(screen) {
  const { progress, finishes } = screen;
  const runners = (screen.state?.members ?? []).filter((member) => !['invited', 'joined', 'ready'].includes(member.status) || progress.has(member.userId));
  return runners.sort((a, b) => (finishes.get(a.userId) ?? Infinity) - (finishes.get(b.userId) ?? Infinity)
    || (progress.get(b.userId)?.distanceMeters ?? 0) - (progress.get(a.userId)?.distanceMeters ?? 0));
}

/** Says the runner's place when it changes, and with the gaps every so often (RaceSpeaker). */
function speakRace(screen) {
  if (!racing(screen)) return;
  const seconds = (screen.live.serverNow() - screen.startsAt) / 1000;
  const list = standings(screen).filter((member) => member.status !== 'gaveUp').map((member) => ({
    userId: member.userId, name: member.userId === screen.me ? 'you' : member.displayName,
    distanceMeters: screen.progress.get(member.userId)?.distanceMeters ?? 0, finished: screen.finishes.has(member.userId) }));
  speech.say(screen.speaker.spoken(list, screen.me, seconds));
}

/** A runner on the board: name, distance, and speed and pace, or how they ended. */
function boardRow(screen, member) {
  const { me, units } = screen;
  const item = screen.progress.get(member.userId);
  const finished = screen.finishes.get(member.userId);
  const detail = finished !== undefined ? `Finished · ${preciseClock(finished)}`
    : member.status === 'gaveUp' ? 'Gave up'
      : item ? `${speed(item.speedMetersPerSecond, units)} · ${paceFromSpeed(item.speedMetersPerSecond, units)}` : 'Waiting for GPS';
  return h('li', { class: member.userId === me ? 'me' : '', dataset: { userId: member.userId } },
    h('span', { class: 'runner-name' }, h('i', { class: 'dot', style: `background:${colourOf(screen, member.userId)}` }), member.displayName, member.userId === me ? h('span', { class: 'you' }, '(you)') : null),
    h('span', { class: 'runner-distance' }, raceDistance(screen, item?.distanceMeters ?? 0)),
    h('span', { class: 'runner-detail muted' }, detail),
    h('progress', { class: 'runner-progress', max: String(target(screen) || 1), value: String(Math.min(item?.distanceMeters ?? 0, target(screen) || 1)),
      'aria-label': `${member.displayName}: ${raceDistance(screen, item?.distanceMeters ?? 0)} of ${raceDistance(screen, target(screen))}` }));
}

function placeOnMap(screen, item) {
  // The server sends no position while a runner is in one of their privacy zones: another
  // runner's marker waits where it was. Zones hide a runner from others, never from
  // themselves, so the runner's own marker follows their own phone's GPS.
  const me = item.userId === screen.me;
  const where = me && screen.lastFix ? screen.lastFix : item;
  if (!Number.isFinite(where.latitude) || !Number.isFinite(where.longitude)) return;
  screen.raceMap?.place(item.userId, { name: me ? 'You' : nameOf(screen, item.userId), colour: colourOf(screen, item.userId),
    latitude: where.latitude, longitude: where.longitude, me });
}

/** 3, 2, 1, GO against the server's clock; the race's own clock after. */
function tick(screen) {
  const { startsAt, countdown } = screen;
  if (startsAt === null || screen.results) return;
  const toGo = (startsAt - screen.live.serverNow()) / 1000;
  countdown.hidden = toGo <= -1;
  countdown.textContent = toGo > 0 ? String(Math.ceil(toGo)) : 'GO!';
  // 3, 2, 1, Go, out loud and felt, once each.
  const count = toGo > 0 ? Math.ceil(toGo) : 0;
  if (toGo > -1 && count <= 3 && count !== screen.countSaid) {
    screen.countSaid = count;
    speech.say(count ? String(count) : 'Go');
    haptics.buzz(count ? 'count' : 'go');
  }
  countdown.classList.toggle('go', toGo <= 0);
  const done = screen.finishes.get(screen.me);
  screen.myTime.textContent = done !== undefined ? preciseClock(done) : clock(Math.max(0, -toGo));
  if (toGo <= 0 && screen.root.dataset.phase === 'countdown') update(screen);
}

// ---- Results ----
function showResults(screen) {
  const { results, me, units } = screen;
  document.body.classList.remove('racing');
  screen.awake.stop();
  const winner = results.entries.find((entry) => entry.userId === results.winnerId);
  screen.chart?.destroy();
  screen.chart = raceChart(results, { units, me, colourOf: (userId) => colourOf(screen, userId) });
  const myRun = results.entries.find((entry) => entry.userId === me)?.runId;
  screen.body.replaceChildren(h('div', { class: 'page results-page' },
    h('h1', {}, 'Results'),
    h('p', { class: 'muted' }, title(screen)),
    winner ? h('p', { class: 'winner' }, h('strong', {}, winner.userId === me ? 'You win!' : `${winner.displayName} wins`))
      : h('p', { class: 'winner' }, 'No one finished'),
    winnersList(results, { units, me, colourOf: (userId) => colourOf(screen, userId) }),
    resultsTable(results, { units, me, colourOf: (userId) => colourOf(screen, userId) }),
    screen.chart?.element,
    screen.found.length ? showFound(screen, h('div', { class: 'card found-card' })) : null,
    h('div', { class: 'row actions' },
      myRun ? h('a', { class: 'button primary', href: `#/runs/${myRun}` }, 'See your run') : null,
      h('a', { class: 'button', href: '#/friends' }, 'Back to friends'))));
}

/**
 * What the walkers found together, in `card`: "Found on this walk", each point with who
 * passed it first and who else did, linking to its page. Hidden until something is found.
 */
function showFound(screen, card) {
  const points = new Map();   // pointId → {title, who: [names]}
  for (const item of screen.found) {
    const entry = points.get(item.pointId) ?? { title: item.title, who: [] };
    entry.who.push(item.userId === screen.me ? 'you' : nameOf(screen, item.userId));
    points.set(item.pointId, entry);
  }
  card.hidden = points.size === 0;
  card.replaceChildren(h('h2', {}, `Found on this walk · ${points.size}`),
    h('ul', { class: 'found-list' }, [...points].map(([pointId, { title, who }]) => h('li', { dataset: { point: pointId } },
      h('a', { href: `#/pois/${pointId}` }, title), h('span', { class: 'muted' }, ` · by ${who.join(', ')}`)))));
  return card;
}

/** Shows what the current phase needs. */
function update(screen) {
  const now = phase(screen);
  screen.root.dataset.phase = now;
  if (now === 'results') { stopGPS(screen); showResults(screen); return; }
  if (now === 'lobby') { screen.body.replaceChildren(screen.lobby); showLobby(screen); return; }
  if (now === 'countdown' || now === 'race') { showRace(screen); tick(screen); }
}

// ---- The connection ----
function listen(screen) {
  const { live, connection, sessionId } = screen;
  live.on('connection', (connectionState) => {
    connection.textContent = { connected: 'Connected', reconnecting: 'Reconnecting…', connecting: 'Connecting…', closed: 'Closed' }[connectionState];
    connection.classList.toggle('bad', connectionState !== 'connected');
    connection.classList.toggle('good', connectionState === 'connected');
    screen.root.classList.toggle('stale', connectionState !== 'connected');   // the figures shown are the last the server sent
  });
  live.on('welcome', (welcome) => { screen.me = welcome.userId; });
  live.on('session', (message) => {
    invitations.note(message, screen.me);
    if (message.sessionId !== sessionId) return;
    screen.state = message;
    if (message.startsAt && screen.startsAt === null) screen.startsAt = Date.parse(message.startsAt);
    screen.errorLine.textContent = '';
    update(screen);
  });
  live.on('countdown', (message) => {
    if (message.sessionId !== sessionId) return;
    screen.startsAt = Date.parse(message.startsAt);
    if (screen.lastFix && racing(screen)) live.sendFix(screen.lastFix);   // where this runner stands at GO
    update(screen);
  });
  listenToTheRace(screen);
  live.on('error', (error) => showError(screen, error));
}

function listenToTheRace(screen) {
  const { live, sessionId } = screen;
  live.on('progress', (message) => {
    if (message.sessionId !== sessionId) return;
    screen.progress.set(message.userId, message);
    if (phase(screen) !== 'results') { showRace(screen); placeOnMap(screen, message); speakRace(screen); }
  });
  live.on('finished', (message) => {
    if (message.sessionId !== sessionId) return;
    screen.finishes.set(message.userId, message.seconds);
    const who = message.userId === screen.me ? 'You' : nameOf(screen, message.userId);
    toast(`${who} finished in ${preciseClock(message.seconds)}${who === 'You' ? '!' : ''}`);
    speech.say(`${who} finished in ${spokenDuration(message.seconds)}`);
    if (message.userId === screen.me) haptics.buzz('finish');
    if (phase(screen) !== 'results') showRace(screen);
  });
  live.on('discovered', (message) => {
    if (message.sessionId !== sessionId || screen.found.some((item) => item.userId === message.userId && item.pointId === message.pointId)) return;
    screen.found.push(message);
    const who = message.userId === screen.me ? 'You' : nameOf(screen, message.userId);
    toast(`${who} found ${message.title}`);
    speech.say(`${who} found ${message.title}`);
    screen.raceMap?.markPoint(message);
    showFound(screen, screen.foundCard);
  });
  live.on('results', (message) => {
    if (message.sessionId !== sessionId) return;
    screen.results = message;
    update(screen);
  });
}

function showError(screen, error) {
  screen.readyButton.disabled = false;
  if (['not_invited', 'already_started', 'not_found'].includes(error.code) && !screen.state) {
    stopGPS(screen);
    screen.body.replaceChildren(h('div', { class: 'page' }, h('h1', {}, 'Can’t join'), h('p', { class: 'error' }, describeLiveError(error)),
      h('a', { class: 'button primary', href: '#/friends' }, 'Back to friends')));
    return;
  }
  if (['bad_fix', 'sequence_gap'].includes(error.code)) return;   // the socket resends; nothing for the runner to do
  screen.errorLine.textContent = describeLiveError(error);
  if (phase(screen) !== 'lobby') toast(describeLiveError(error), { error: true });
}

// ---- The runner's GPS: fixes go out from the countdown until the finish ----
function racing(screen) {
  const status = myStatus(screen);
  return screen.startsAt !== null && !screen.results && !screen.gaveUp && !screen.finishes.has(screen.me) && status !== 'finished' && status !== 'gaveUp';
}

function watchGPS(screen) {
  const { gps } = screen;
  screen.stopWatching = watchPosition((fix) => {
    screen.lastFix = fix;
    if (racing(screen)) screen.live.sendFix(fix);
  }, (status, message) => {
    gps.textContent = isSimulated ? `Simulated · ${message}` : message;
    gps.classList.toggle('bad', status === 'denied' || status === 'unavailable');
  });
}

function stopGPS(screen) { screen.stopWatching?.(); screen.stopWatching = null; }

function close(screen) {
  clearInterval(screen.ticker);
  presence.stop();
  clearTimeout(screen.giveUpArmed);
  stopGPS(screen);
  // Walking away from the lobby leaves it, so no one waits for a runner who is gone
  // (they are invited again and can come back); a race goes on without this screen.
  if (!screen.left && screen.state?.phase === 'lobby' && screen.startsAt === null && !screen.results) leaveLobby(screen);
  screen.live.close();
  screen.raceMap?.remove();
  screen.awake.stop();
  screen.chart?.destroy();
  document.removeEventListener('visibilitychange', screen.visibility);
  window.removeEventListener('pagehide', screen.pagehide);
  document.body.classList.remove('racing');
}
