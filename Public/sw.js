// The service worker: the app shell is cached at install, so the app opens offline; API
// reads are network-first with the last answer as the offline fallback, so cached routes
// and runs still show (a mission's map is kept and shown first; a picture the server
// fetched is kept once seen, never asked again). Writes are never cached (the outbox keeps them).
const VERSION = 'paceline-v32';
const SHELL_CACHE = `${VERSION}-shell`;
const API_CACHE = 'paceline-api';
// Every file of the app, the vendor libraries included (Tests/e2e/test_offline.py checks
// none is missing; the vendor folder's README and licences are not the app's).
const SHELL = [
  '/', '/index.html', '/manifest.json', '/css/app.css', '/css/screens.css',
  '/css/live.css', '/icons/icon.svg', '/icons/icon-192.png', '/icons/icon-512.png', '/css/discovery.css',
  '/css/achievements.css', '/css/workouts.css', '/css/missions.css', '/css/home.css', '/css/planner.css',
  // The shell
  '/js/app.js', '/js/router.js', '/js/ui.js', '/js/icons.js', '/js/vendor.js', '/js/speech.js', '/js/haptics.js', '/js/screen-awake.js',
  // The engine (no DOM)
  '/js/engine/api/client.js', '/js/engine/api/discovery.js', '/js/engine/api/outbox.js',
  '/js/engine/api/paceline.js', '/js/engine/clock.js', '/js/engine/core/checkpoint-index.js',
  '/js/engine/core/cue-speaker.js', '/js/engine/core/follow-result.js', '/js/engine/core/follow-session.js',
  '/js/engine/core/geodesy.js', '/js/engine/core/live-odometer.js', '/js/engine/core/route-position.js',
  '/js/engine/core/run-meter.js', '/js/engine/core/run-speaker.js', '/js/engine/live/race-speaker.js', '/js/engine/core/sport-thresholds.js', '/js/engine/core/stored-fix.js',
  '/js/engine/core/units.js',
  '/js/engine/core/nearby-box.js', '/js/engine/import/csv.js', '/js/engine/import/history.js',
  '/js/engine/import/importer.js', '/js/engine/import/zip.js', '/js/engine/gps/simulator.js', '/js/engine/gps/source.js',
  '/js/engine/live/invitations.js', '/js/engine/live/live-socket.js', '/js/engine/recording/run-tracker.js',
  '/js/engine/sensors/heart-rate-strap.js', '/js/engine/sensors/compass.js', '/js/engine/recording/resume.js', '/js/engine/social/waiting.js',
  '/js/engine/store/db.js', '/js/engine/store/kept-fixes.js', '/js/engine/store/ongoing-run.js',
  '/js/engine/store/session.js', '/js/engine/store/kept-list.js', '/js/engine/sync/history.js',
  '/js/engine/sync/favourites.js', '/js/engine/sync/sync-point.js',
  '/js/views/visitor/kept-activities.js', '/js/views/visitor/keep-address.js', '/js/engine/workout/active-workout.js', '/js/engine/workout/plan.js',
  '/js/engine/workout/workout-session.js', '/js/engine/workout/workout-speaker.js',
  // The views
  '/js/views/account/account-data.js', '/js/views/account/voice-settings.js', '/js/views/gear/gear-card.js', '/js/views/gear/gear-choice.js', '/js/views/goals/goals-card.js', '/js/views/goals/volume-chart.js', '/js/views/fitness/fitness-card.js', '/js/views/fitness/fitness-chart.js', '/js/views/fitness/predictions-card.js', '/js/views/fitness/physiology-section.js', '/js/views/fitness/zones-card.js', '/js/views/heatmap.js', '/js/views/map/heat-layer.js', '/js/views/segments/segment.js', '/js/views/segments/efforts-card.js', '/js/views/segments/effort-format.js', '/js/views/segments/segment-maker.js', '/js/views/segments/segments-list-card.js', '/js/views/segments/segment-board.js', '/js/views/segments/segment-line.js', '/js/engine/segments/segment-watch.js', '/js/views/beacon/beacon.js', '/js/views/beacon/beacon-control.js', '/js/engine/beacon/beacon-feed.js', '/js/views/account/password-form.js', '/js/views/account/privacy-zones.js', '/js/views/achievements/badges.js', '/js/views/achievements/badge-tabs.js', '/js/views/achievements/activity-share.js', '/js/views/achievements/earned.js', '/js/views/achievements/friends-board.js',
  '/js/views/achievements/score-card.js', '/js/views/achievements/share.js', '/js/views/activity.js',
  '/js/views/analysis/analysis.js', '/js/views/analysis/chart.js', '/js/views/analysis/credit-note.js',
  '/js/views/analysis/device-note.js',
  '/js/views/shared/format.js', '/js/views/shared/tabs.js', '/js/views/shared/location-help.js', '/js/views/map/map-modes.js', '/js/views/map/map-rotation.js', '/js/views/analysis/series.js', '/js/views/map/trackmap.js',
  '/js/views/discovery/discoveries.js', '/js/views/discovery/poi-detail.js', '/js/views/discovery/poi-layer.js',
  '/js/views/discovery/run-discoveries.js', '/js/views/favourites.js', '/js/views/feed.js',
  '/js/views/friends.js', '/js/views/clubs/clubs.js', '/js/views/clubs/club.js', '/js/views/clubs/club-form.js',
  '/js/views/clubs/club-format.js', '/js/views/clubs/club-board.js', '/js/views/clubs/club-feed.js', '/js/views/clubs/club-people.js', '/js/views/clubs/club-events.js', '/js/views/clubs/event-item.js', '/js/views/clubs/event-planner.js', '/js/views/clubs/event-route.js', '/js/views/clubs/past-events.js', '/js/views/shared/run-shape.js', '/js/views/shared/progress-bar.js', '/js/views/run/earned-card.js', '/js/views/run/photos-card.js', '/js/views/account/connected-apps.js', '/js/views/account/app-addresses.js', '/js/views/plan/pace-plan.js', '/js/views/plan/plan-profile.js', '/js/engine/api/proxy-sign-in.js', '/js/engine/core/stage-pace.js', '/js/views/missions/stage-select.js', '/js/views/missions/follow-stage.js', '/js/engine/core/steps.js', '/js/engine/recording/run-series.js', '/js/views/analysis/summary-chart.js', '/js/views/clubs/club-challenges.js', '/js/views/clubs/challenge.js', '/js/views/clubs/challenge-form.js', '/js/views/clubs/challenge-format.js', '/js/views/achievements/challenge-badges.js', '/js/views/import/import.js', '/js/views/import/archive.js', '/js/views/live/live.js', '/js/views/shared/picture.js', '/js/views/account/sign-in-accounts.js',
  '/js/views/live/format.js', '/js/views/live/race-map.js', '/js/views/live/race-chart.js', '/js/views/live/results-table.js',
  '/js/views/login.js', '/js/views/provider-sign-in.js', '/js/views/map/basemap.js', '/js/views/map/route-drawer.js',
  '/js/views/map/route-layer.js', '/js/views/missions/missions.js', '/js/views/missions/advance-text.js',
  '/js/views/missions/journey-map.js', '/js/views/missions/journey-line.js', '/js/views/missions/stage-list.js', '/js/views/discovery/poi.js',
  '/js/views/run/activity-fields.js', '/js/views/run/run-editor.js', '/js/views/run/kudos-line.js', '/js/views/run/comments-card.js', '/js/views/run/mention-picker.js',
  '/js/views/notifications.js', '/js/views/moderation.js', '/js/views/account/blocked-people.js', '/js/engine/social/unread.js', '/js/engine/social/push.js', '/js/engine/social/presence.js', '/js/views/account/push-settings.js',
  '/js/views/popular.js', '/js/views/home.js', '/js/views/invitations.js', '/js/views/map/place-picker.js', '/js/views/map/name-search.js', '/js/views/profile.js', '/js/views/recording.js',
  '/js/views/summary.js', '/js/views/workout/workout-editor.js', '/js/views/workout/workout-log.js',
  '/js/views/workout/log-card.js', '/js/views/workout/summary-table.js', '/js/views/workout/workout-panel.js',
  '/js/views/workout/workouts.js',
  // The route planner
  '/js/engine/planner/route-builder.js', '/js/engine/planner/line-profile.js', '/js/views/plan/plan-source.js',
  '/js/views/planner/planner.js', '/js/views/planner/planner-map.js', '/js/views/planner/planner-stats.js',
  '/js/views/planner/planner-tools.js', '/js/views/planner/planner-message.js', '/js/views/planner/leg-words.js',
  '/js/views/planner/loop-form.js', '/js/views/planner/save-sheet.js', '/js/views/planner/route-privacy.js',
  '/js/views/planner/planned-route.js', '/js/views/planner/planned-editor.js', '/js/views/planner/planned-list.js',
  '/js/views/planner/planned-card.js',
  '/vendor/leaflet/leaflet.min.js', '/vendor/leaflet/leaflet.css', '/vendor/leaflet/images/layers.png',
  '/vendor/leaflet/images/layers-2x.png', '/vendor/leaflet/images/marker-icon.png', '/vendor/leaflet/images/marker-icon-2x.png',
  '/vendor/leaflet/images/marker-shadow.png', '/vendor/chart.js/chart.min.js',
];

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(SHELL_CACHE);
    await cache.addAll(SHELL);
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name.startsWith('paceline-v') && name !== SHELL_CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  // Share pages are for others: never from a cache, so a run made private stops showing at once.
  if (url.pathname.startsWith('/share/')) return;
  if (url.pathname.startsWith('/api/v1/')) {
    if (url.pathname === '/api/v1/live') return;
    // A live link's view is now or nothing: never kept, never shown from a cache as live.
    if (url.pathname.startsWith('/api/v1/beacon-views/')) return;
    // What changed since a moment is news of that moment only: the app keeps the list it
    // applies to (js/engine/sync/), so it is never kept here.
    if (url.searchParams.has('updatedSince')) return;
    // A photo is someone's to show as long as they let the viewer see it: the browser's own
    // cache asks each time (`private, no-cache`, a 304), so a privacy change or a logout holds.
    if (url.pathname.startsWith('/api/v1/photos/')) return;
    // A mission changes only when the operator loads it again: kept, shown at once (offline
    // too), asked again in the background with its ETag.
    if (MISSION.test(url.pathname)) event.respondWith(keptFirst(event, request));
    // A picture the instance fetched never changes: kept once seen, shown offline too.
    else if (PICTURE.test(url.pathname)) event.respondWith(keptForever(request));
    else event.respondWith(networkFirst(request));
  } else {
    event.respondWith(staleWhileRevalidate(event, request));
  }
});

/** A mission's map (`GET /missions/{id}`), not a journey's progress. */
const MISSION = /^\/api\/v1\/missions\/[^/]+$/;

/** A picture this server serves (`GET /pictures/{id}`): its bytes never change. */
const PICTURE = /^\/api\/v1\/pictures\/[^/]+$/;

/** The kept answer, never asked again; the network's (then kept) when none is. */
async function keptForever(request) {
  const cache = await caches.open(API_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** The kept answer at once, refreshed in the background (a 304 keeps it); the network's when none is kept. */
async function keptFirst(event, request) {
  const cache = await caches.open(API_CACHE);
  const cached = await cache.match(request);
  const refresh = fetch(request).then(async (response) => {
    if (response.ok) await cache.put(request, response.clone());
    return response;
  });
  if (!cached) return refresh;
  event.waitUntil(refresh.catch(() => {}));
  return cached;
}

/** The network's answer (kept for later), or the last one kept when offline. */
async function networkFirst(request) {
  const cache = await caches.open(API_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(request);
    if (!cached) throw error;
    // Says the answer is from before (when the server sent it), so the app can say so.
    const headers = new Headers(cached.headers);
    headers.set('Paceline-Offline', cached.headers.get('Date') ?? '');
    return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
  }
}

/** The cached file at once, refreshed in the background for the next visit. */
async function staleWhileRevalidate(event, request) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request, { ignoreSearch: true });
  const refresh = fetch(request).then(async (response) => {
    if (response.ok) await cache.put(request, response.clone());
    return response;
  });
  if (cached) {
    event.waitUntil(refresh.catch(() => {}));
    return cached;
  }
  return refresh;
}

// A notification pushed by the server (Web Push, decrypted by the browser): shown with who
// did what and the words of a comment; the app icon's badge takes the unread count.
self.addEventListener('push', (event) => {
  let message = {};
  try { message = event.data?.json() ?? {}; } catch { /* not JSON: shown plainly */ }
  const url = appAddress(message.url);
  event.waitUntil(Promise.all([
    self.registration.showNotification(String(message.title ?? 'Paceline'), {
      body: String(message.body ?? ''), tag: message.tag ? String(message.tag) : undefined,
      icon: '/icons/icon-192.png', badge: '/icons/icon-192.png', data: { url },
    }),
    Number.isInteger(message.unread) && self.navigator.setAppBadge ? self.navigator.setAppBadge(message.unread).catch(() => {}) : null,
  ]));
});

// Tapping it opens the screen it is about: in the app's window if one is open, else a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appAddress(event.notification.data?.url);
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
    if (!open) return self.clients.openWindow(url);
    const shown = await open.navigate(url).catch(() => null);  // null: a window this worker does not control
    if (!shown) return self.clients.openWindow(url);
    return shown.focus().catch(() => {});  // focus needs the tap's activation
  })());
});

/** `address` ("/#/runs/ID", or the same in full) when it is a screen of this app, else the app's home. */
function appAddress(address) {
  try {
    const url = new URL(String(address), self.location.origin);
    if (url.origin === self.location.origin && url.pathname === '/' && url.hash.startsWith('#/')) return url.href;
  } catch { /* not an address */ }
  return new URL('/#/home', self.location.origin).href;
}
