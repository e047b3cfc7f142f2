// #/live/SESSION_ID: a live session, from the lobby to the results.
//   lobby     the distance, the code to read out, who is in and ready, invite more (host),
//             a big Ready toggle;
//   countdown 3-2-1-GO against `startsAt`, on the server's clock;
//   race      the runner's fixes go to the server one message each; the map shows
//             everyone, the board everyone's distance and speed (`progress`);
//   results   side by side (`results`).
// The server measures every distance; this screen only shows what it reports.
import { api } from '../engine/api/paceline.js';
import { LiveSocket, describeLiveError } from '../engine/live/live-socket.js';
import { RaceMap } from './live/race-map.js';
import { invitations } from '../engine/live/invitations.js';
import { resultsTable, preciseClock } from './live/results-table.js';
import { watchPosition, isSimulated } from '../engine/gps/source.js';
import { go } from '../router.js';
import { session } from '../engine/store/session.js';
import { sessionDistance, raceDistance as formatRaceDistance } from './live/format.js';
import { clock, paceFromSpeed, speed } from '../engine/core/units.js';
import { sportName } from './analysis/format.js';
import { h, mount, toast } from '../ui.js';

const COLOURS = ['#1f6feb', '#e4572e', '#7b2cbf', '#17a398', '#f4a259', '#2e4057', '#d1495b', '#66a182'];
const STATUS = { invited: 'Invited', joined: 'Not ready', ready: 'Ready', running: 'Running', finished: 'Finished', gaveUp: 'Gave up' };

export function render({ sessionId }) {
  if (!sessionId) {
    mount(h('section', { class: 'page' }, h('h1', {}, 'Run together'),
      h('p', {}, 'Start a live session, or join one, from ', h('a', { href: '#/friends' }, 'Friends'), '.')));
    return undefined;
  }
  const units = session.units;
  let me = session.profile?.id ?? null;
  let state = null;                 // the last `session`
  let startsAt = null;              // ms, server clock
  let results = null;
  let lastFix = null;
  const progress = new Map();       // userId → last `progress`
  const finishes = new Map();       // userId → seconds
  const live = new LiveSocket();

  // ---- The frame: connection state, then one of the phases ----
  const connection = h('span', { class: 'pill live-state', role: 'status' }, 'Connecting…');
  const gps = h('span', { class: 'pill gps-state' }, 'GPS…');
  const errorLine = h('p', { class: 'error live-error', role: 'alert' });
  const body = h('div', { class: 'live-body' }, h('p', { class: 'muted waiting' }, 'Joining the session…'));
  const root = h('section', { class: 'live', dataset: { phase: 'joining' } }, body);
  mount(root);

  // Colours by place in the members list (by name, as the server sorts it), the same on every screen.
  const colourOf = (userId) => {
    const members = state?.members ?? [...(results?.entries ?? [])].sort((a, b) => (a.displayName < b.displayName ? -1 : a.displayName > b.displayName ? 1 : 0));
    const index = members.findIndex((member) => member.userId === userId);
    return COLOURS[(index < 0 ? 0 : index) % COLOURS.length];
  };
  const nameOf = (userId) => state?.members.find((member) => member.userId === userId)?.displayName
    ?? results?.entries.find((entry) => entry.userId === userId)?.displayName ?? 'Someone';
  const myStatus = () => state?.members.find((member) => member.userId === me)?.status;
  const target = () => state?.distanceMeters ?? results?.distanceMeters ?? 0;
  const raceDistance = (meters) => formatRaceDistance(meters, target(), units);
  const title = () => `${sportName(state?.sport ?? results?.sport ?? 'run')} ${sessionDistance(target(), units)} together`;

  function phase() {
    if (results) return 'results';
    if (startsAt !== null) return live.serverNow() < startsAt ? 'countdown' : 'race';
    return state ? 'lobby' : 'joining';
  }

  // ---- Lobby ----
  const readyButton = h('button', { class: 'ready-toggle', name: 'ready', 'aria-pressed': 'false', onclick: () => {
    const ready = readyButton.getAttribute('aria-pressed') !== 'true';
    readyButton.disabled = true;
    live.ready(ready);
  } });
  let friendList = null;
  const lobby = h('div', { class: 'lobby page' });

  function showLobby() {
    const mine = myStatus();
    const host = state.hostId === me;
    const ready = mine === 'ready';
    readyButton.disabled = !(mine === 'joined' || mine === 'ready');
    readyButton.setAttribute('aria-pressed', String(ready));
    readyButton.replaceChildren(ready ? '✓ Ready' : 'I’m ready', h('small', {}, ready ? 'Tap if you are not' : 'Tap when you are at your start'));
    const joined = state.members.filter((member) => member.status === 'joined' || member.status === 'ready');
    const waiting = joined.filter((member) => member.status !== 'ready').map((member) => (member.userId === me ? 'you' : member.displayName));
    const hint = joined.length < 2 ? 'Waiting for someone to join: the race needs two at least.'
      : waiting.length ? `Starts when everyone is ready. Waiting for ${waiting.length > 1 ? `${waiting.slice(0, -1).join(', ')} and ${waiting.at(-1)}` : waiting[0]}.` : 'Everyone is ready!';
    lobby.replaceChildren(...[
      h('div', { class: 'spread' }, h('h1', {}, title()), connection),
      state.code ? h('div', { class: 'card code-card' },
        h('span', { class: 'muted' }, 'Code to join'),
        h('strong', { class: 'session-code', 'aria-label': `Code ${state.code.split('').join(' ')}` }, state.code),
        h('span', { class: 'muted small' }, `Read it out: friends enter it under Friends → Join with a code${state.codeExpiresAt ? ` (until ${new Date(state.codeExpiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })})` : ''}.`))
        : null,
      h('div', { class: 'card' }, h('h2', {}, 'Runners'), h('ul', { class: 'list members' }, state.members.map((member) =>
        h('li', { dataset: { userId: member.userId, status: member.status } },
          h('span', { class: 'runner-name' }, h('i', { class: 'dot', style: `background:${colourOf(member.userId)}` }),
            member.displayName, member.userId === me ? h('span', { class: 'muted you' }, '(you)') : null,
            member.userId === state.hostId ? h('span', { class: 'badge' }, 'host') : null),
          h('span', { class: `status status-${member.status}` }, STATUS[member.status] ?? member.status))))),
      host ? inviteBox() : null,
      h('p', { class: 'muted hint' }, hint),
      errorLine,
      h('div', { class: 'lobby-actions' }, readyButton,
        h('div', { class: 'spread' }, gps, h('button', { class: 'ghost', name: 'leave', onclick: () => { leaveLobby(); go('#/friends'); } }, 'Leave'))),
    ].filter(Boolean));
  }

  /** Leaves the lobby; the friends screen offers the way back (as to anyone invited). */
  function leaveLobby() {
    live.leave();
    left = true;
    invitations.note({ ...state, members: state.members.map((member) => (member.userId === me ? { ...member, status: 'invited' } : member)) }, me);
  }

  /** The host's "Invite more friends": made once, so a lobby change does not close it or lose the ticks. */
  let inviteMore = null;
  function inviteBox() {
    inviteMore ??= makeInviteBox();
    inviteMore.fill();
    return inviteMore.box;
  }

  function makeInviteBox() {
    const box = h('details', { class: 'card invite-more' }, h('summary', {}, 'Invite more friends'));
    const list = h('ul', { class: 'list pick' });
    const send = h('button', { class: 'primary', name: 'invite', onclick: () => {
      const ids = [...list.querySelectorAll('input:checked')].map((input) => input.value);
      if (ids.length) { live.invite(ids); toast(`Invited ${ids.length === 1 ? 'one friend' : `${ids.length} friends`}`); }
    } }, 'Invite');
    const fill = () => {
      const members = new Set(state.members.map((member) => member.userId));
      const ticked = new Set([...list.querySelectorAll('input:checked')].map((input) => input.value));
      const others = (friendList ?? []).filter(({ user }) => !members.has(user.id));
      list.replaceChildren(...(friendList === null ? [h('li', { class: 'muted' }, 'Loading friends…')]
        : others.length === 0 ? [h('li', { class: 'muted' }, friendList.length ? 'All your friends are invited.' : 'No friends yet: they can join with the code.')]
          : others.map(({ user }) => h('li', {}, h('label', { class: 'check' },
            h('input', { type: 'checkbox', value: user.id, checked: ticked.has(user.id) }), h('span', {}, user.displayName))))));
      send.hidden = others.length === 0;
    };
    box.addEventListener('toggle', () => {
      if (box.open && friendList === null) api.friends().then((page) => { friendList = page.friends; fill(); }, () => { friendList = []; fill(); });
    });
    box.append(list, send);
    return { box, fill };
  }

  // ---- Countdown and race ----
  const countdown = h('div', { class: 'countdown', 'aria-live': 'assertive', hidden: true });
  const statusLine = h('div', { class: 'status-line' });
  const myTime = h('strong', { id: 'live-time' }, '0:00');
  const myDistance = h('strong', { id: 'live-distance' }, '–');
  const myNote = h('div', { class: 'my-note' });
  const board = h('ol', { class: 'board' });
  const mapBox = h('div', { class: 'map' });
  let raceMap = null;
  let giveUpArmed = null;
  const giveUp = h('button', { class: 'give-up', name: 'give-up', onclick: () => {
    if (!giveUpArmed) {
      giveUp.textContent = 'Tap again to give up';
      giveUp.classList.add('armed');
      giveUpArmed = setTimeout(() => { giveUpArmed = null; giveUp.textContent = 'Give up'; giveUp.classList.remove('armed'); }, 3000);
      return;
    }
    clearTimeout(giveUpArmed);
    live.leave();
    gaveUp = true;
    toast('You gave up: the others race on');
    showRace();
  } }, 'Give up');
  let gaveUp = false;
  let left = false;
  const race = h('div', { class: 'race' },
    h('div', { class: 'race-hud' },
      h('div', { class: 'stat' }, myTime, h('span', {}, 'Your time')),
      h('div', { class: 'stat' }, myDistance, h('span', { id: 'live-target' }, 'Your distance')),
      myNote,
      statusLine),
    h('div', { class: 'race-map' }, mapBox),
    h('div', { class: 'race-board' }, board, giveUp),
    countdown);

  // The screen stays on during the race, where the browser allows it.
  let wakeLock = null;
  const keepAwake = () => navigator.wakeLock?.request('screen').then((lock) => { wakeLock = lock; }, () => {});
  const visibility = () => { if (document.visibilityState === 'visible' && race.isConnected && !results) keepAwake(); };
  document.addEventListener('visibilitychange', visibility);

  function ensureRace() {
    if (!race.isConnected) {
      keepAwake();
      body.replaceChildren(race);
      statusLine.replaceChildren(connection, gps);   // they were in the lobby
      document.body.classList.add('racing');
      if (!raceMap) raceMap = new RaceMap(mapBox);
      raceMap.ready.then(() => raceMap.resize());
      for (const item of progress.values()) placeOnMap(item);
    }
  }

  function showRace() {
    ensureRace();
    const mine = progress.get(me);
    const done = finishes.get(me);
    myDistance.textContent = raceDistance(mine?.distanceMeters ?? 0);
    myDistance.nextSibling.textContent = `of ${raceDistance(target())}`;
    giveUp.hidden = done !== undefined || gaveUp || phase() !== 'race';
    myNote.textContent = done !== undefined ? `You finished in ${preciseClock(done)}: waiting for the others`
      : gaveUp ? 'You gave up: the others are still out' : '';
    myNote.hidden = !myNote.textContent;
    const runners = (state?.members ?? []).filter((member) => !['invited', 'joined', 'ready'].includes(member.status) || progress.has(member.userId));
    runners.sort((a, b) => (finishes.get(a.userId) ?? Infinity) - (finishes.get(b.userId) ?? Infinity)
      || (progress.get(b.userId)?.distanceMeters ?? 0) - (progress.get(a.userId)?.distanceMeters ?? 0));
    board.replaceChildren(...runners.map((member) => {
      const item = progress.get(member.userId);
      const finished = finishes.get(member.userId);
      const detail = finished !== undefined ? `Finished · ${preciseClock(finished)}`
        : member.status === 'gaveUp' ? 'Gave up'
          : item ? `${speed(item.speedMetersPerSecond, units)} · ${paceFromSpeed(item.speedMetersPerSecond, units)}` : 'Waiting for GPS';
      return h('li', { class: member.userId === me ? 'me' : '', dataset: { userId: member.userId } },
        h('span', { class: 'runner-name' }, h('i', { class: 'dot', style: `background:${colourOf(member.userId)}` }), member.displayName, member.userId === me ? h('span', { class: 'you' }, '(you)') : null),
        h('span', { class: 'runner-distance' }, raceDistance(item?.distanceMeters ?? 0)),
        h('span', { class: 'runner-detail muted' }, detail));
    }));
  }

  function placeOnMap(item) {
    raceMap?.place(item.userId, { name: item.userId === me ? 'You' : nameOf(item.userId), colour: colourOf(item.userId),
      latitude: item.latitude, longitude: item.longitude, me: item.userId === me });
  }

  /** 3, 2, 1, GO against the server's clock; the race's own clock after. */
  function tick() {
    const now = live.serverNow();
    if (startsAt !== null && !results) {
      const toGo = (startsAt - now) / 1000;
      countdown.hidden = toGo <= -1;
      countdown.textContent = toGo > 0 ? String(Math.ceil(toGo)) : 'GO!';
      countdown.classList.toggle('go', toGo <= 0);
      const done = finishes.get(me);
      myTime.textContent = done !== undefined ? preciseClock(done) : clock(Math.max(0, -toGo));
      if (toGo <= 0 && root.dataset.phase === 'countdown') update();
    }
  }
  const ticker = setInterval(tick, 100);

  // ---- Results ----
  function showResults() {
    document.body.classList.remove('racing');
    wakeLock?.release().catch(() => {});
    wakeLock = null;
    const winner = results.entries.find((entry) => entry.userId === results.winnerId);
    body.replaceChildren(h('div', { class: 'page results-page' },
      h('h1', {}, 'Results'),
      h('p', { class: 'muted' }, title()),
      winner ? h('p', { class: 'winner' }, h('strong', {}, winner.userId === me ? 'You win!' : `${winner.displayName} wins`))
        : h('p', { class: 'winner' }, 'No one finished'),
      resultsTable(results, { units, me, colourOf }),
      h('div', { class: 'row actions' },
        results.entries.find((entry) => entry.userId === me)?.runId
          ? h('a', { class: 'button primary', href: `#/runs/${results.entries.find((entry) => entry.userId === me).runId}` }, 'See your run') : null,
        h('a', { class: 'button', href: '#/friends' }, 'Back to friends'))));
  }

  /** Shows what the current phase needs. */
  function update() {
    const now = phase();
    root.dataset.phase = now;
    if (now === 'results') { stopGPS(); showResults(); return; }
    if (now === 'lobby') { body.replaceChildren(lobby); showLobby(); return; }
    if (now === 'countdown' || now === 'race') { showRace(); tick(); }
  }

  // ---- The connection ----
  live.on('connection', (connectionState) => {
    connection.textContent = { connected: 'Connected', reconnecting: 'Reconnecting…', connecting: 'Connecting…', closed: 'Closed' }[connectionState];
    connection.classList.toggle('bad', connectionState !== 'connected');
    connection.classList.toggle('good', connectionState === 'connected');
    root.classList.toggle('stale', connectionState !== 'connected');   // the figures shown are the last the server sent
  });
  live.on('welcome', (welcome) => { me = welcome.userId; });
  live.on('session', (message) => {
    invitations.note(message, me);
    if (message.sessionId !== sessionId) return;
    state = message;
    if (message.startsAt && startsAt === null) startsAt = Date.parse(message.startsAt);
    errorLine.textContent = '';
    update();
  });
  live.on('countdown', (message) => {
    if (message.sessionId !== sessionId) return;
    startsAt = Date.parse(message.startsAt);
    if (lastFix && racing()) live.sendFix(lastFix);   // where this runner stands at GO
    update();
  });
  live.on('progress', (message) => {
    if (message.sessionId !== sessionId) return;
    progress.set(message.userId, message);
    if (phase() !== 'results') { showRace(); placeOnMap(message); }
  });
  live.on('finished', (message) => {
    if (message.sessionId !== sessionId) return;
    finishes.set(message.userId, message.seconds);
    toast(message.userId === me ? `You finished in ${preciseClock(message.seconds)}!` : `${nameOf(message.userId)} finished in ${preciseClock(message.seconds)}`);
    if (phase() !== 'results') showRace();
  });
  live.on('results', (message) => {
    if (message.sessionId !== sessionId) return;
    results = message;
    update();
  });
  live.on('error', (error) => {
    readyButton.disabled = false;
    if (['not_invited', 'already_started', 'not_found'].includes(error.code) && !state) {
      stopGPS();
      body.replaceChildren(h('div', { class: 'page' }, h('h1', {}, 'Can’t join'), h('p', { class: 'error' }, describeLiveError(error)),
        h('a', { class: 'button primary', href: '#/friends' }, 'Back to friends')));
      return;
    }
    if (['bad_fix', 'sequence_gap'].includes(error.code)) return;   // the socket resends; nothing for the runner to do
    errorLine.textContent = describeLiveError(error);
    if (phase() !== 'lobby') toast(describeLiveError(error), { error: true });
  });
  live.joinSession({ sessionId });

  // ---- The runner's GPS: fixes go out from the countdown until the finish ----
  function racing() {
    const status = myStatus();
    return startsAt !== null && !results && !gaveUp && !finishes.has(me) && status !== 'finished' && status !== 'gaveUp';
  }
  let stopWatching = watchPosition((fix) => {
    lastFix = fix;
    if (racing()) live.sendFix(fix);
  }, (status, message) => {
    gps.textContent = isSimulated ? `Simulated · ${message}` : message;
    gps.classList.toggle('bad', status === 'denied' || status === 'unavailable');
  });
  function stopGPS() { stopWatching?.(); stopWatching = null; }

  return () => {
    clearInterval(ticker);
    clearTimeout(giveUpArmed);
    stopGPS();
    // Walking away from the lobby leaves it, so no one waits for a runner who is gone
    // (they are invited again and can come back); a race goes on without this screen.
    if (!left && state?.phase === 'lobby' && startsAt === null && !results) leaveLobby();
    live.close();
    raceMap?.remove();
    wakeLock?.release().catch(() => {});
    document.removeEventListener('visibilitychange', visibility);
    document.body.classList.remove('racing');
  };
}
