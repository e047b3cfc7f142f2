// The live sessions the user is invited to and not in (yet), from every `session`
// message any screen's connection sees, kept while the app runs. The server sends each
// such lobby after `welcome` and each change while connected; a lobby just left on the
// live screen is noted here at once, so the friends screen offers the way back even if
// its connection said hello before the server had the leave.
const open = new Map();   // sessionId → session state
const listeners = new Set();

export const invitations = {
  /** Takes note of a `session` message; `me` is the user's id. */
  note(state, me) {
    const mine = state.members.find((member) => member.userId === me);
    const had = open.has(state.sessionId);
    if (mine?.status === 'invited' && state.phase === 'lobby') open.set(state.sessionId, state);
    else open.delete(state.sessionId);
    if (had || open.has(state.sessionId)) listeners.forEach((listener) => listener());
  },
  /** Forgets a session (it could not be joined). */
  forget(sessionId) {
    if (open.delete(sessionId)) listeners.forEach((listener) => listener());
  },
  list() { return [...open.values()]; },
  onChange(listener) { listeners.add(listener); return () => listeners.delete(listener); },
};
