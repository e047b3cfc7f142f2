// The Paceline REST API (Sources/PacelineAPI/openapi.yaml), one function per operation the
// app uses. Views call these (or the outbox), never fetch.
import { request, stampedRequest, fetchText } from './client.js';

/** "?a=1&b=2" of the params that have a value (undefined, null and '' are left out); '' when none. */
export const query = (params) => {
  const entries = Object.entries(params).filter(([, value]) => value !== undefined && value !== null && value !== '');
  return entries.length ? '?' + new URLSearchParams(entries).toString() : '';
};

export const api = {
  // Accounts
  // A cookie session: the server keeps the token in its HttpOnly cookie; the answer is {expiresAt, profile}.
  register: (email, password, displayName) => request('/auth/register', { method: 'POST', json: { email, password, displayName, session: 'cookie' } }),
  logIn: (email, password) => request('/auth/login', { method: 'POST', json: { email, password, session: 'cookie' } }),
  logOut: () => request('/auth/logout', { method: 'POST' }),
  // Signing in with the instance's OpenID provider (Sources/PacelineServer/OpenIDConnect/OpenIDRoutes.swift, beside the API).
  /** {email, provider}: the account a sign-in with the provider asks the password of, to link them. */
  /** {accounts: [{provider, email, linkedAt}]}: the provider's accounts that sign the user in. */
  signInAccounts: () => request('/me/sign-in-accounts'),
  providerLink: () => request('/auth/oidc/link', { outsideAPI: true }),
  /** Links with the account's password: {expiresAt, profile}, a cookie session. */
  linkProvider: (password) => request('/auth/oidc/link', { method: 'POST', json: { password }, outsideAPI: true }),
  profile: () => request('/me'),
  updateProfile: (changes) => request('/me', { method: 'PATCH', json: changes }),
  changePassword: (currentPassword, newPassword) => request('/me/password', { method: 'POST', json: { currentPassword, newPassword } }),
  changeEmail: (email, password) => request('/me/email', { method: 'POST', json: { email, password } }),
  deleteAccount: (password) => request('/me', { method: 'DELETE', json: { password } }),
  statistics: (sport) => request('/me/stats' + query({ sport })),
  heatMap: (sport, year) => request('/me/heatmap' + query({ sport, year })),
  privacyZones: () => request('/me/privacy-zones'),
  putPrivacyZones: (zones) => request('/me/privacy-zones', { method: 'PUT', json: zones }),

  // Gear
  gear: () => request('/me/gear'),
  createGear: (gear) => request('/me/gear', { method: 'POST', json: gear }),
  updateGear: (id, changes) => request(`/me/gear/${id}`, { method: 'PATCH', json: changes }),
  deleteGear: (id) => request(`/me/gear/${id}`, { method: 'DELETE' }),

  // Goals: `utcOffsetMinutes` is the runner's clock, where weeks and months begin.
  goals: (utcOffsetMinutes) => request('/me/goals' + query({ utcOffsetMinutes })),
  createGoal: (goal, utcOffsetMinutes) => request('/me/goals' + query({ utcOffsetMinutes }), { method: 'POST', json: goal }),
  deleteGoal: (id) => request(`/me/goals/${id}`, { method: 'DELETE' }),

  // Fitness: dated heart rates and threshold pace, the zones they make, fitness, fatigue and form, race predictions.
  physiology: (utcOffsetMinutes) => request('/me/physiology' + query({ utcOffsetMinutes })),
  createPhysiologyEntry: (entry) => request('/me/physiology', { method: 'POST', json: entry }),
  updatePhysiologyEntry: (id, entry) => request(`/me/physiology/${id}`, { method: 'PUT', json: entry }),
  deletePhysiologyEntry: (id) => request(`/me/physiology/${id}`, { method: 'DELETE' }),
  fitness: (days, utcOffsetMinutes) => request('/me/fitness' + query({ days, utcOffsetMinutes })),
  racePredictions: (utcOffsetMinutes) => request('/me/race-predictions' + query({ utcOffsetMinutes })),
  runZones: (id) => request(`/runs/${id}/zones`),

  // Runs
  runs: (cursor, limit = 20) => request('/runs' + query({ cursor, limit })),
  /**
   * A page of the runs as a list kept in step reads them: {body: RunPage, serverDate}; with
   * `updatedSince`, only those changed since, and the ids of those deleted.
   */
  runsKept: ({ cursor, limit, updatedSince }) => stampedRequest('/runs' + query({ cursor, limit, updatedSince })),
  run: (id) => request(`/runs/${id}`),
  kudos: (id) => request(`/runs/${id}/kudos`),
  giveKudos: (id) => request(`/runs/${id}/kudos`, { method: 'PUT' }),
  takeBackKudos: (id) => request(`/runs/${id}/kudos`, { method: 'DELETE' }),
  comments: (id, cursor, limit = 20) => request(`/runs/${id}/comments` + query({ cursor, limit })),
  addComment: (id, text, mentionIds) => request(`/runs/${id}/comments`, { method: 'POST', json: { text, mentionIds } }),
  deleteComment: (id, commentId) => request(`/runs/${id}/comments/${commentId}`, { method: 'DELETE' }),
  reportComment: (commentId, reason) => request(`/comments/${commentId}/report`, { method: 'POST', json: { reason } }),
  reportClub: (clubId, reason) => request(`/clubs/${clubId}/report`, { method: 'POST', json: { reason } }),

  // Moderation (the instance's admins)
  reports: () => request('/admin/reports'),
  decideReport: (reportId, action) => request(`/admin/reports/${reportId}`, { method: 'POST', json: { action } }),

  // Notifications
  notifications: (cursor, limit = 30) => request('/me/notifications' + query({ cursor, limit })),
  unreadNotifications: () => request('/me/notifications/unread'),
  markNotificationsRead: (id) => request('/me/notifications/read', { method: 'POST', json: id ? { id } : {} }),
  pushKey: () => request('/notifications/push-key'),
  subscribeToPush: (subscription) => request('/me/push-subscriptions', { method: 'PUT', json: subscription }),
  unsubscribeFromPush: (endpoint) => request('/me/push-subscriptions' + query({ endpoint }), { method: 'DELETE' }),
  notificationSettings: () => request('/me/notification-settings'),
  updateNotificationSettings: (changes) => request('/me/notification-settings', { method: 'PUT', json: changes }),
  runTrack: (id) => request(`/runs/${id}/track`),
  runSeries: (id) => request(`/runs/${id}/series`),
  runBestEfforts: (id) => request(`/runs/${id}/best-efforts`),
  /**
   * Uploads JSON fixes (`fixes`, or `segments` for a paused run: one array per stretch
   * between pauses) or a file (`body` a Blob/File with its type); idempotent by `key`.
   */
  /** With `answer`, resolves to {created, body}: whether the upload made something (201). */
  uploadRun: async ({ fixes, segments, sport, name, description, file, privacy, workoutId, skipDuplicates, batch }, key, { answer = false } = {}) => {
    if (file) {
      const response = await request('/runs' + query({ sport, name, description, privacy, workoutId, skipDuplicates, batch }),
        { method: 'POST', body: file, type: file.type || 'application/octet-stream', headers: { 'Idempotency-Key': key }, raw: answer });
      return answer ? { created: response.status === 201, body: await response.json() } : response;
    }
    const first = (segments ? segments[0] : fixes)?.[0];
    return request('/runs' + query({ privacy, description, workoutId, utcOffsetMinutes: first ? -new Date(first.time).getTimezoneOffset() : undefined }),
      { method: 'POST', json: segments ? { segments, sport, name } : { fixes, sport, name }, headers: { 'Idempotency-Key': key } });
  },
  updateRun: (id, changes) => request(`/runs/${id}`, { method: 'PATCH', json: changes }),
  deleteRun: (id) => request(`/runs/${id}`, { method: 'DELETE' }),

  // Routes
  browse: (bbox, zoom) => request('/routes' + query({ bbox: bbox.join(','), zoom })),
  route: (id) => request(`/routes/${id}`),
  /** Routes and places whose name contains `text`, nearest (latitude, longitude) first. */
  search: (text, latitude, longitude) => request('/search' + query({ q: text, latitude, longitude })),
  createRoute: (runId, name) => request('/routes', { method: 'POST', json: { runId, name } }),
  addRouteRun: (routeId, runId) => request(`/routes/${routeId}/runs`, { method: 'POST', json: { runId } }),
  leaderboard: (routeId, limit = 10) => request(`/routes/${routeId}/leaderboard` + query({ limit })),
  pace: (routeId, runId) => request(`/routes/${routeId}/pace` + query({ runId })),
  pacePlan: (routeId, goalSeconds, strategy) => request(`/routes/${routeId}/plan` + query({ goalSeconds, strategy })),
  comparison: (routeId, a, b, interval = 10) => request(`/routes/${routeId}/comparison` + query({ a, b, interval })),

  // Planning routes on the instance's map (the OpenStreetMap extract its host imported, if any)
  /** {imported, importedAt?, junctions, edges, bounds?, elevation}: what map the server has. */
  mapInfo: () => request('/map'),
  /** A PlannedLeg from `from` to `to` ({latitude, longitude}): along paths (`snap`) or straight, measured by the server. */
  plannedLeg: (from, to, mode, snap) => request('/map/legs', { method: 'POST', json: { from, to, mode, snap } }),
  /** {waypoints, legs}: a loop of about `distanceMeters` from `start`; `variant` 1, 2 … are other loops. */
  plannedLoop: (start, distanceMeters, mode, variant = 0) => request('/map/loop', { method: 'POST', json: { start, distanceMeters, mode, variant } }),
  plannedRoutes: () => request('/planned-routes'),
  plannedRoute: (id) => request(`/planned-routes/${id}`),
  /** Saves {name?, privacy?, mode, waypoints: [{latitude, longitude, snap}]}; the server draws and measures every leg again. */
  createPlannedRoute: (route) => request('/planned-routes', { method: 'POST', json: route }),
  updatePlannedRoute: (id, changes) => request(`/planned-routes/${id}`, { method: 'PATCH', json: changes }),
  deletePlannedRoute: (id) => request(`/planned-routes/${id}`, { method: 'DELETE' }),
  /** The address of a planned route's course for a watch: `format` gpx, tcx or fit. */
  plannedCourseAddress: (id, format) => `/api/v1/planned-routes/${id}/course?format=${format}`,
  /** A pace plan on a planned route: the splits and checkpoints of GET /routes/ID/plan. */
  plannedPacePlan: (id, goalSeconds, strategy) => request(`/planned-routes/${id}/plan` + query({ goalSeconds, strategy })),

  // Segments
  mySegments: () => request('/me/segments'),
  /** The segments starting in `box` ({south, west, north, east}) of `sport`, with the viewer's best on each. */
  segmentsNear: (box, sport) => request('/segments' + query({ bbox: [box.west, box.south, box.east, box.north].join(','), sport })),
  createSegment: (segment) => request('/segments', { method: 'POST', json: segment }),
  segment: (id) => request(`/segments/${id}`),
  deleteSegment: (id) => request(`/segments/${id}`, { method: 'DELETE' }),
  segmentLeaderboard: (id, { period, scope, limit } = {}) => request(`/segments/${id}/leaderboard` + query({ period, scope, limit })),
  runSegmentEfforts: (id) => request(`/runs/${id}/segment-efforts`),

  // Live safety links
  createBeacon: (beacon) => request('/beacons', { method: 'POST', json: beacon }),
  addBeaconFixes: (id, fixes, pausedAt) => request(`/beacons/${id}/fixes`, { method: 'POST', json: { fixes, pausedAt } }),
  endBeacon: (id) => request(`/beacons/${id}`, { method: 'DELETE' }),
  beaconView: (token) => request(`/beacon-views/${encodeURIComponent(token)}`),

  // Favourites
  favourites: () => request('/favourites'),
  /** The favourites as a list kept in step reads them: {body: FavouriteList, serverDate}; with `updatedSince`, the changes. */
  favouritesKept: (updatedSince) => stampedRequest('/favourites' + query({ updatedSince })),
  addFavourite: (routeId) => request(`/favourites/${routeId}`, { method: 'PUT' }),
  removeFavourite: (routeId) => request(`/favourites/${routeId}`, { method: 'DELETE' }),

  // Friends
  searchUsers: (text) => request('/users' + query({ search: text })),
  friends: (limit = 100, cursor) => request('/friends' + query({ limit, cursor })),
  friendRequests: (box, limit = 100) => request('/friends/requests' + query({ box, limit })),
  sendFriendRequest: (userId) => request('/friends/requests', { method: 'POST', json: { userId } }),
  acceptFriendRequest: (userId) => request(`/friends/requests/${userId}/accept`, { method: 'POST' }),
  declineFriendRequest: (userId) => request(`/friends/requests/${userId}/decline`, { method: 'POST' }),
  removeFriend: (userId) => request(`/friends/${userId}`, { method: 'DELETE' }),
  block: (userId) => request(`/users/${userId}/block`, { method: 'PUT' }),
  unblock: (userId) => request(`/users/${userId}/block`, { method: 'DELETE' }),
  blocked: () => request('/me/blocks'),
  notePresence: (note) => request('/me/presence', { method: 'PUT', json: note }),
  endPresence: () => request('/me/presence', { method: 'DELETE' }),
  friendsPresent: () => request('/friends/presence'),
  invitations: (box, limit = 50) => request('/invitations' + query({ box, limit })),
  createInvitation: (invitation) => request('/invitations', { method: 'POST', json: invitation }),
  respondToInvitation: (id, response) => request(`/invitations/${id}/response`, { method: 'POST', json: { response } }),
  cancelInvitation: (id) => request(`/invitations/${id}`, { method: 'DELETE' }),

  // Achievements
  achievements: () => request('/me/achievements'),
  userAchievements: (userId) => request(`/users/${userId}/achievements`),
  friendsLeaderboard: () => request('/me/achievements/leaderboard'),
  runBadges: (runId) => request(`/runs/${runId}/badges`),
  personalTokens: () => request('/me/tokens'),
  createPersonalToken: (token) => request('/me/tokens', { method: 'POST', json: token }),
  revokePersonalToken: (id) => request(`/me/tokens/${id}`, { method: 'DELETE' }),
  runPhotos: (runId) => request(`/runs/${runId}/photos`),
  /** Adds `file` (a File or Blob from the phone) to the run; the server tells its kind by its bytes. */
  addRunPhoto: (runId, file) => request(`/runs/${runId}/photos`, { method: 'POST', body: file, type: 'application/octet-stream' }),
  deleteRunPhoto: (runId, photoId) => request(`/runs/${runId}/photos/${photoId}`, { method: 'DELETE' }),
  /** The address of a photo's picture: `thumbnail` (a square) or `screen`. */
  photoAddress: (photoId, size = 'thumbnail') => `/api/v1/photos/${photoId}?size=${size}`,
  feed: (cursor, limit = 20) => request('/feed' + query({ cursor, limit })),
  // Clubs: a club by invitation is read with its link's `secret`.
  myClubs: (cursor, limit = 50) => request('/clubs' + query({ cursor, limit })),
  searchClubs: (name, limit = 20) => request('/clubs/search' + query({ name, limit })),
  createClub: (club) => request('/clubs', { method: 'POST', json: club }),
  club: (id, secret) => request(`/clubs/${id}` + query({ secret })),
  renewClubInvitation: (id) => request(`/clubs/${id}/invitation`, { method: 'POST' }),
  joinClub: (id, secret) => request(`/clubs/${id}/join`, { method: 'POST', json: secret ? { secret } : {} }),
  leaveClub: (id) => request(`/clubs/${id}/leave`, { method: 'POST' }),
  deleteClub: (id) => request(`/clubs/${id}`, { method: 'DELETE' }),
  clubMembers: (id, status, cursor, limit = 100) => request(`/clubs/${id}/members` + query({ status, cursor, limit })),
  approveClubMember: (id, userId) => request(`/clubs/${id}/members/${userId}/approve`, { method: 'POST' }),
  removeClubMember: (id, userId) => request(`/clubs/${id}/members/${userId}`, { method: 'DELETE' }),
  clubFeed: (id, cursor, limit = 20) => request(`/clubs/${id}/feed` + query({ cursor, limit })),
  // Club events, answered yes, no or maybe; the calendar feed's address is the user's own.
  /** The club's events to come, soonest first, or (`when` 'past') those that have started, the latest first. */
  clubEvents: (id, when = 'upcoming', limit = 50) => request(`/clubs/${id}/events` + query({ when, limit })),
  /** "Ran together": the members' activities started near a past event's time and meeting point. */
  clubEventActivities: (id, eventId) => request(`/clubs/${id}/events/${eventId}/activities`),
  createClubEvent: (id, event) => request(`/clubs/${id}/events`, { method: 'POST', json: event }),
  cancelClubEvent: (id, eventId) => request(`/clubs/${id}/events/${eventId}/cancel`, { method: 'POST' }),
  answerClubEvent: (id, eventId, answer) => request(`/clubs/${id}/events/${eventId}/answer`, { method: 'PUT', json: { answer } }),
  calendarFeed: () => request('/calendar'),
  renewCalendarFeed: () => request('/calendar/renew', { method: 'POST' }),
  clubLeaderboard: (id, { period, sport, measure }) => request(`/clubs/${id}/leaderboard` + query({ period, sport, measure, limit: 50 })),
  /** The club's challenges, running or to come first, then ended ones; each with the reader's standing. */
  clubChallenges: (id, limit = 50) => request(`/clubs/${id}/challenges` + query({ limit })),
  clubChallenge: (id, challengeId, limit = 100) => request(`/clubs/${id}/challenges/${challengeId}` + query({ limit })),
  createClubChallenge: (id, challenge) => request(`/clubs/${id}/challenges`, { method: 'POST', json: challenge }),
  deleteClubChallenge: (id, challengeId) => request(`/clubs/${id}/challenges/${challengeId}`, { method: 'DELETE' }),
  myChallengeBadges: () => request('/me/challenge-badges'),
  // Workouts
  workouts: () => request('/workouts'),
  workout: (id) => request(`/workouts/${id}`),
  createWorkout: (plan) => request('/workouts', { method: 'POST', json: plan }),
  updateWorkout: (id, plan) => request(`/workouts/${id}`, { method: 'PUT', json: plan }),
  deleteWorkout: (id) => request(`/workouts/${id}`, { method: 'DELETE' }),
  duplicateWorkout: (id) => request(`/workouts/${id}/duplicate`, { method: 'POST' }),
  reorderWorkouts: (workoutIds) => request('/workout-order', { method: 'PUT', json: { workoutIds } }),
  workoutSettings: () => request('/workout-settings'),
  updateWorkoutSettings: (settings) => request('/workout-settings', { method: 'PUT', json: settings }),
  workoutLog: (cursor, limit = 20) => request('/workout-log' + query({ cursor, limit })),
  workoutLogEntry: (id) => request(`/workout-log/${id}`),
  /** The run's log entry, or null when the run is not in the log. */
  workoutLogEntryOfRun: async (runId) => (await request('/workout-log' + query({ runId }))).entries[0] ?? null,
  /** Logs a run already uploaded as done with workout `workoutId`: the server replays its track. */
  addToWorkoutLog: (runId, workoutId) => request('/workout-log', { method: 'POST', json: { runId, workoutId } }),
  deleteWorkoutLogEntry: (id) => request(`/workout-log/${id}`, { method: 'DELETE' }),
  // Missions
  missions: () => request('/missions'),
  mission: (id) => request(`/missions/${id}`),
  journey: (id) => request(`/missions/${id}/journey`),
  /** Joins (or restarts) mission `id` from stage `start` to `end` ({route, stage} each). */
  joinMission: (id, start, end, privacy) => request(`/missions/${id}/journey`, { method: 'PUT', json: { start, end, privacy } }),
  shareJourney: (id, privacy) => request(`/missions/${id}/journey`, { method: 'PATCH', json: { privacy } }),
  leaveMission: (id) => request(`/missions/${id}/journey`, { method: 'DELETE' }),
  runMissionAdvances: (runId) => request(`/runs/${runId}/missions`),

  // The app itself
  configuration: async () => JSON.parse(await fetchText('/app-config.json')),
  /** A GPX track served as a file (for ?simulate=FILE). */
  trackFile: (url) => fetchText(url),
};
