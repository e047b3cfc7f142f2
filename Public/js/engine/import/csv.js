// Comma-separated values as RFC 4180 has them (quoted fields with commas, line breaks and
// doubled quotes), as Sources/PacelineArchives/CSV.swift reads them.

/** The rows of `text`, each its fields; a blank last line is no row. */
export function csvRows(text) {
  const rows = [];
  let row = [], field = '', quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') { if (text[i + 1] === '"') { field += '"'; i++; } else quoted = false; } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') { row.push(field); field = ''; }
    else if (c === '\r' && text[i + 1] === '\n') continue;
    else if (c === '\n' || c === '\r') { row.push(field); rows.push(row); row = []; field = ''; }
    else field += c;
  }
  if (field !== '' || row.length) { row.push(field); rows.push(row); }
  return rows;
}
