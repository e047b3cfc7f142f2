// The discovery part of the Paceline REST API: points of interest, discoveries, favourite
// points, route likes and popular routes (openapi.yaml, tag Discovery). Views call these,
// never fetch.
import { request } from './client.js';
import { query } from './paceline.js';

export const discoveryApi = {
  /** Points in a box {south, west, north, east}, nearest its centre first. */
  pois: (box, limit = 200) => request('/pois' + query({ ...box, limit })),
  poi: (id) => request(`/pois/${id}`),
  addFavouritePoi: (id) => request(`/pois/${id}/favourite`, { method: 'PUT' }),
  removeFavouritePoi: (id) => request(`/pois/${id}/favourite`, { method: 'DELETE' }),
  favouritePois: () => request('/me/favourite-pois'),
  discoveries: (limit = 100) => request('/me/discoveries' + query({ limit })),
  runDiscoveries: (runId) => request(`/runs/${runId}/discoveries`),
  likeRoute: (id) => request(`/routes/${id}/like`, { method: 'PUT' }),
  unlikeRoute: (id) => request(`/routes/${id}/like`, { method: 'DELETE' }),
  popularRoutes: (latitude, longitude, radiusMeters = 10000) => request('/popular-routes' + query({ latitude, longitude, radiusMeters })),
};
