// The one place that calls fetch (with js/engine/api/paceline.js and js/engine/api/outbox.js on top of
// it): JSON in and out, and errors turned into ApiError. The session rides in the server's
// HttpOnly cookie, which the browser sends by itself (same origin only).
import { session } from '../store/session.js';

/** A failed request: `status` 0 means the network failed (offline, server down). */
export class ApiError extends Error {
  constructor(status, code, message, body) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }
  get isNetwork() { return this.status === 0; }
}

/**
 * Sends one request to the API under /api/v1. An answer the service worker kept from
 * before (the network is down) carries a non-enumerable `offlineSince` (the server's date).
 * @param {string} path e.g. "/routes?bbox=…"
 * @param {{method?: string, json?: any, body?: BodyInit, type?: string, headers?: object, raw?: boolean, outsideAPI?: boolean}} options
 *   `outsideAPI`: `path` is the site's own (`/auth/oidc/…`), not under /api/v1.
 * @returns {Promise<any>} the decoded JSON (null for 204), or the Response with `raw`.
 */
export async function request(path, options = {}) {
  const headers = { ...(options.headers ?? {}) };
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['Content-Type'] = 'application/json';
  } else if (options.type) {
    headers['Content-Type'] = options.type;
  }
  let response;
  try {
    response = await fetch(`${options.outsideAPI ? '' : '/api/v1'}${path}`, { method: options.method ?? 'GET', headers, body, credentials: 'same-origin' });
  } catch (error) {
    throw new ApiError(0, 'network', 'No connection to the server', null);
  }
  if (response.status === 401 && session.loggedIn) session.expired();
  if (!response.ok && response.status !== 304) {
    let body = null;
    try { body = await response.json(); } catch { /* not JSON */ }
    const error = body?.error ?? {};
    throw new ApiError(response.status, error.code ?? 'http_' + response.status,
      error.message ?? `The server answered ${response.status}`, body);
  }
  if (options.raw) return response;
  if (response.status === 204) return null;
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('json')) return response.text();
  const json = await response.json();
  // The service worker's stored answer, while offline: `offlineSince` says from when.
  const stored = response.headers.get('Paceline-Offline');
  if (stored !== null && json && typeof json === 'object') {
    Object.defineProperty(json, 'offlineSince', { value: stored || new Date(0).toUTCString() });
  }
  return json;
}

/**
 * A read to keep a list in step: the decoded JSON and `serverDate`, when the server sent
 * it (its Date header). An answer the service worker kept from before is no news of now:
 * it fails as the network does.
 */
export async function stampedRequest(path) {
  const response = await request(path, { raw: true });
  if (response.headers.get('Paceline-Offline') !== null) throw new ApiError(0, 'network', 'No connection to the server', null);
  return { body: await response.json(), serverDate: response.headers.get('Date') };
}

/** Fetches a static file of the app (a demo track for ?simulate=, the app's configuration). */
export async function fetchText(url) {
  let response;
  try { response = await fetch(url); } catch { throw new ApiError(0, 'network', 'No connection to the server', null); }
  if (!response.ok) throw new ApiError(response.status, 'not_found', `${url}: ${response.status}`, null);
  return response.text();
}
