// Leaflet and Chart.js: Debian's copies served under /vendor/ when installed, otherwise
// pinned CDN copies checked by their integrity hashes (the same versions as Debian's).
const LIBRARIES = {
  leaflet: {
    global: 'L',
    local: { script: '/vendor/leaflet/leaflet.js', style: '/vendor/leaflet/leaflet.css' },
    cdn: {
      script: 'https://unpkg.com/leaflet@1.7.1/dist/leaflet.js',
      scriptIntegrity: 'sha512-XQoYMqMTK8LvdxXYG3nZ448hOEQiglfqkJs1NOQV44cWnUrBc8PkAOcXy20w0vlaXaVUearIOBhiXZ5V3ynxwA==',
      style: 'https://unpkg.com/leaflet@1.7.1/dist/leaflet.css',
      styleIntegrity: 'sha512-xodZBNTC5n17Xt2atTPuE1HxjVMSvLVW9ocqUKLsCC5CXdbqCmblAshOMAS6/keqq/sMZMZ19scR4PsZChSR7A==',
    },
  },
  chart: {
    global: 'Chart',
    local: { script: '/vendor/chart.js/chart.min.js' },
    cdn: {
      script: 'https://cdn.jsdelivr.net/npm/chart.js@3.9.1/dist/chart.min.js',
      scriptIntegrity: 'sha256-+8RZJua0aEWg+QVVKg4LEzEEm/8RFez5Tb4JBNiV5xA=',
    },
  },
};
const loading = {};

function addScript(src, integrity) {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    if (integrity) { script.integrity = integrity; script.crossOrigin = 'anonymous'; }
    script.onload = resolve;
    script.onerror = () => { script.remove(); reject(new Error(`could not load ${src}`)); };
    document.head.append(script);
  });
}

function addStyle(href, integrity) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  if (integrity) { link.integrity = integrity; link.crossOrigin = 'anonymous'; }
  document.head.append(link);
}

async function load(name) {
  const library = LIBRARIES[name];
  if (window[library.global]) return window[library.global];
  try {
    await addScript(library.local.script);
    if (library.local.style) addStyle(library.local.style);
  } catch {
    await addScript(library.cdn.script, library.cdn.scriptIntegrity);
    if (library.cdn.style) addStyle(library.cdn.style, library.cdn.styleIntegrity);
  }
  return window[library.global];
}

/** Leaflet's `L`. */
export const leaflet = () => (loading.leaflet ??= load('leaflet'));
/** Chart.js's `Chart`. */
export const chartJS = () => (loading.chart ??= load('chart'));
