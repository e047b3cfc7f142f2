// A history moved in from another service: a Strava or Garmin export (.zip), its activity
// files (.gpx, .tcx, .fit, each also .gz; a Garmin export keeps them in an inner .zip) and
// what Strava's activities.csv says of each, as Sources/PacelineArchives/HistoryArchive.swift.
import { zipEntries } from './zip.js';
import { csvRows } from './csv.js';

export const ACTIVITY_FILE = /\.(gpx|tcx|fit)(\.gz)?$/i;
/** The most bytes an activity file may hold, as the server takes an upload. */
const MAXIMUM_FILE = 32 * 2 ** 20;
/** The most bytes an archive inside the export may hold (Garmin's parts: hundreds of MB). */
const MAXIMUM_INNER_ARCHIVE = 2 * 2 ** 30;

/** Strava's activity types in Paceline's sports, as Sport(fileName:) in Swift reads them. */
const SPORTS = {
  run: ['run', 'running', 'trail run', 'virtual run', 'treadmill'], walk: ['walk', 'walking'], hike: ['hike', 'hiking'],
  ride: ['ride', 'cycling', 'virtual ride', 'e-bike ride', 'mountain bike ride', 'gravel ride'], swim: ['swim', 'swimming'],
};

function sportOf(type) {
  if (!type) return undefined;
  const name = type.trim().toLowerCase();
  return Object.keys(SPORTS).find((sport) => SPORTS[sport].includes(name)) ?? 'other';
}

const baseName = (path) => path.split('/').pop().toLowerCase();

/** activities.csv's rows by file name, and the count of rows without a file. */
function listings(text) {
  const [header = [], ...rows] = csvRows(text.replace(/^\uFEFF/, ''));
  const column = (name) => header.findIndex((title) => title.trim() === name);
  const file = column('Filename');
  if (file < 0) throw new Error('activities.csv has no Filename column');
  const [name, type, description, date] = ['Activity Name', 'Activity Type', 'Activity Description', 'Activity Date'].map(column);
  const byFile = new Map();
  let withoutFile = 0;
  for (const row of rows) {
    const value = (index) => (index >= 0 ? row[index]?.trim() || undefined : undefined);
    if (!value(file)) { withoutFile++; continue; }
    byFile.set(baseName(value(file)), { name: value(name), sport: sportOf(value(type)), description: value(description), date: value(date) });
  }
  return { byFile, withoutFile };
}

/**
 * The activity files of the export in `blob`: {files: [{path, listing, read()}],
 * withoutFile, problems: [{path, reason}]} (what inside could not be read; the rest is listed).
 */
export async function openHistory(blob) {
  const files = [], problems = [];
  let listed = { byFile: new Map(), withoutFile: 0 };
  async function walk(archive, prefix) {
    for (const entry of await zipEntries(archive)) {
      const path = prefix + entry.path;
      try {
        if (baseName(path) === 'activities.csv') listed = listings(await (await entry.read(256 * 2 ** 20)).text());
        else if (ACTIVITY_FILE.test(path)) files.push({ path, read: () => entry.read(MAXIMUM_FILE) });
        else if (/\.zip$/i.test(path) && prefix) throw new Error('an archive inside an archive inside the export: not opened');
        else if (/\.zip$/i.test(path)) await walk(await entry.read(MAXIMUM_INNER_ARCHIVE), path + '/');
      } catch (error) {
        problems.push({ path, reason: error.message });
      }
    }
  }
  await walk(blob, '');
  for (const file of files) file.listing = listed.byFile.get(baseName(file.path));
  return { files, withoutFile: listed.withoutFile, problems };
}
