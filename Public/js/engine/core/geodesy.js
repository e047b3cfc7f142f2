// Distances on the WGS-84 ellipsoid: what a follow session needs of them.
// Mirrors Sources/PacelineCore/Geo/Geodesy.swift operation for operation, so the browser
// measures exactly what the server and the CLI do: keep in step with that file (a change
// there must be made here too; Tests/e2e/test_follow_port.py compares the two).
//
// Nearby points (within about 10 km) are measured in the tangent plane at their
// mid-latitude with the ellipsoid's local radii of curvature (meridional M,
// prime-vertical N): within 1 part in 10⁶ of the geodesic up to 10 km. Farther apart,
// Vincenty's inverse formula (0.5 mm); haversine on the mean radius only for the
// near-antipodal pairs where Vincenty does not converge.

/** WGS-84 semi-major axis, metres. */
export const EQUATORIAL_RADIUS = 6_378_137.0;
/** WGS-84 flattening. */
export const FLATTENING = 1 / 298.257_223_563;
/** Mean Earth radius (IUGG), metres. */
export const MEAN_RADIUS = 6_371_008.8;
const ECCENTRICITY_SQUARED = FLATTENING * (2 - FLATTENING);
const POLAR_RADIUS = EQUATORIAL_RADIUS * (1 - FLATTENING);
const RADIANS = Math.PI / 180;

/**
 * @typedef {{latitude: number, longitude: number}} Coordinate decimal degrees on WGS-84
 */

/**
 * The geodesic distance in metres between two coordinates.
 *
 * @example distance({latitude: 0, longitude: 0}, {latitude: 0, longitude: 1})  // 111319.49…
 * @param {Coordinate} a
 * @param {Coordinate} b
 * @returns {number} metres
 * Complexity: O(1); one sine and cosine for nearby points.
 */
export function distance(a, b) {
  const dLatitude = (b.latitude - a.latitude) * RADIANS;
  let dLongitude = (b.longitude - a.longitude) * RADIANS;
  if (dLongitude > Math.PI) dLongitude -= 2 * Math.PI; else if (dLongitude < -Math.PI) dLongitude += 2 * Math.PI;
  if (Math.abs(dLatitude) < 0.09 && Math.abs(dLongitude) < 0.09) {  // within about 10 km even at the equator
    const { east, north } = localOffset(a, dLatitude, dLongitude);
    const planar = Math.sqrt(east * east + north * north);
    if (planar < 10_000) return planar;
  }
  return vincenty(a, b) ?? haversine(a, b);
}

/**
 * Metres east and north from `a` to `b` in the tangent plane at their mid-latitude:
 * accurate to 1 part in 10⁶ within 10 km, for projecting a fix onto a path nearby.
 *
 * @example offset({latitude: 0, longitude: 0}, {latitude: 0, longitude: 0.001})  // {east: 111.32, north: 0}
 * @param {Coordinate} a
 * @param {Coordinate} b
 * @returns {{east: number, north: number}}
 */
export function offset(a, b) {
  let dLongitude = (b.longitude - a.longitude) * RADIANS;
  if (dLongitude > Math.PI) dLongitude -= 2 * Math.PI; else if (dLongitude < -Math.PI) dLongitude += 2 * Math.PI;
  return localOffset(a, (b.latitude - a.latitude) * RADIANS, dLongitude);
}

function localOffset(a, dLatitude, dLongitude) {
  const midLatitude = a.latitude * RADIANS + dLatitude / 2;
  const sine = Math.sin(midLatitude);
  const w2 = 1 - ECCENTRICITY_SQUARED * sine * sine;
  const w = Math.sqrt(w2);
  const primeVertical = EQUATORIAL_RADIUS / w;                                  // N
  const meridional = EQUATORIAL_RADIUS * (1 - ECCENTRICITY_SQUARED) / (w2 * w);  // M
  return { east: dLongitude * primeVertical * Math.cos(midLatitude), north: dLatitude * meridional };
}

/**
 * Great-circle distance on a sphere of the mean radius (error up to 0.5 %).
 * @param {Coordinate} a
 * @param {Coordinate} b
 * @returns {number} metres
 */
export function haversine(a, b) {
  const phi1 = a.latitude * RADIANS, phi2 = b.latitude * RADIANS;
  const dPhi = phi2 - phi1, dLambda = (b.longitude - a.longitude) * RADIANS;
  const h = Math.sin(dPhi / 2) * Math.sin(dPhi / 2) + Math.cos(phi1) * Math.cos(phi2) * Math.sin(dLambda / 2) * Math.sin(dLambda / 2);
  return 2 * MEAN_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Vincenty's inverse solution on WGS-84; null when it fails to converge (near-antipodal points).
 * @param {Coordinate} a
 * @param {Coordinate} b
 * @returns {number | null} metres
 */
export function vincenty(a, b) {
  const f = FLATTENING;
  const l = (b.longitude - a.longitude) * RADIANS;
  const u1 = Math.atan((1 - f) * Math.tan(a.latitude * RADIANS));
  const u2 = Math.atan((1 - f) * Math.tan(b.latitude * RADIANS));
  const sinU1 = Math.sin(u1), cosU1 = Math.cos(u1), sinU2 = Math.sin(u2), cosU2 = Math.cos(u2);
  let lambda = l;
  for (let iteration = 0; iteration < 200; iteration += 1) {
    const sinLambda = Math.sin(lambda), cosLambda = Math.cos(lambda);
    const sinSigma = Math.sqrt((cosU2 * sinLambda) * (cosU2 * sinLambda)
      + (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda) * (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda));
    if (sinSigma === 0) return 0;
    const cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda;
    const sigma = Math.atan2(sinSigma, cosSigma);
    const sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma;
    const cos2Alpha = 1 - sinAlpha * sinAlpha;
    const cos2SigmaM = cos2Alpha === 0 ? 0 : cosSigma - 2 * sinU1 * sinU2 / cos2Alpha;
    const c = f / 16 * cos2Alpha * (4 + f * (4 - 3 * cos2Alpha));
    const previous = lambda;
    lambda = l + (1 - c) * f * sinAlpha
      * (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)));
    if (Math.abs(lambda - previous) < 1e-12) {
      const uSquared = cos2Alpha * (EQUATORIAL_RADIUS * EQUATORIAL_RADIUS - POLAR_RADIUS * POLAR_RADIUS) / (POLAR_RADIUS * POLAR_RADIUS);
      const bigA = 1 + uSquared / 16384 * (4096 + uSquared * (-768 + uSquared * (320 - 175 * uSquared)));
      const bigB = uSquared / 1024 * (256 + uSquared * (-128 + uSquared * (74 - 47 * uSquared)));
      const deltaSigma = bigB * sinSigma * (cos2SigmaM + bigB / 4 * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)
        - bigB / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)));
      return POLAR_RADIUS * bigA * (sigma - deltaSigma);
    }
  }
  return null;
}
