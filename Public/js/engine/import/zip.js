// Reads a ZIP archive the person chose (a Strava or Garmin export, gigabytes) an entry at
// a time through Blob slices: the archive is never loaded whole. Stored and deflated
// entries (DecompressionStream 'deflate-raw'), ZIP64, UTF-8 names; the same rules as
// Sources/PacelineArchives/ZipArchive.swift.

/** Little-endian numbers from a DataView. */
const u16 = (view, at) => view.getUint16(at, true);
const u32 = (view, at) => view.getUint32(at, true);
const u64 = (view, at) => u32(view, at) + u32(view, at + 4) * 2 ** 32;

async function bytes(blob, start, length) {
  if (start + length > blob.size) throw new Error('the archive is cut short');
  return new DataView(await blob.slice(start, start + length).arrayBuffer());
}

/**
 * The entries of the ZIP in `blob`: [{path, size, read(maximumBytes)}], `read` resolving
 * to a Blob of the entry's bytes, refused past `maximumBytes` once inflated (a few
 * kilobytes can claim gigabytes). Throws when `blob` is no ZIP.
 */
export async function zipEntries(blob) {
  const tailLength = Math.min(blob.size, 22 + 0xffff);
  const tail = await bytes(blob, blob.size - tailLength, tailLength);
  let end = -1;
  for (let at = tailLength - 22; at >= 0; at--) if (u32(tail, at) === 0x06054b50) { end = at; break; }
  if (end < 0) throw new Error('not a ZIP archive');
  let count = u16(tail, end + 10);
  let size = u32(tail, end + 12);
  let offset = u32(tail, end + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    const locator = await bytes(blob, blob.size - tailLength + end - 20, 20);
    if (u32(locator, 0) !== 0x07064b50) throw new Error('the ZIP64 locator is missing');
    const record = await bytes(blob, u64(locator, 8), 56);
    if (u32(record, 0) !== 0x06064b50) throw new Error('the ZIP64 directory record is missing');
    count = u64(record, 32); size = u64(record, 40); offset = u64(record, 48);
  }
  const directory = await bytes(blob, offset, size);
  const entries = [];
  const decoder = new TextDecoder();
  for (let at = 0; entries.length < count; ) {
    if (at + 46 > size || u32(directory, at) !== 0x02014b50) throw new Error(`the archive's directory is damaged at entry ${entries.length + 1}`);
    const flags = u16(directory, at + 8), method = u16(directory, at + 10);
    const nameLength = u16(directory, at + 28), extraLength = u16(directory, at + 30), commentLength = u16(directory, at + 32);
    const path = decoder.decode(new Uint8Array(directory.buffer, directory.byteOffset + at + 46, nameLength));
    let uncompressed = u32(directory, at + 24), compressed = u32(directory, at + 20), local = u32(directory, at + 42);
    for (let extra = at + 46 + nameLength; extra + 4 <= at + 46 + nameLength + extraLength; ) {
      const id = u16(directory, extra), length = u16(directory, extra + 2);
      if (id === 1) {
        let field = extra + 4;
        const widen = (value) => { if (value !== 0xffffffff || field + 8 > extra + 4 + length) return value; const wide = u64(directory, field); field += 8; return wide; };
        uncompressed = widen(uncompressed); compressed = widen(compressed); local = widen(local);
      }
      extra += 4 + length;
    }
    entries.push({ path, size: uncompressed, read: (maximumBytes) => readEntry(blob, { path, flags, method, compressed, local }, maximumBytes) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries.filter((entry) => !entry.path.endsWith('/'));
}

/** A stream that passes bytes through until more than `maximumBytes` have come. */
function limited(maximumBytes, path) {
  let seen = 0;
  return new TransformStream({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > maximumBytes) controller.error(new Error(`${path} is larger than ${Math.round(maximumBytes / 2 ** 20)} MiB`));
      else controller.enqueue(chunk);
    },
  });
}

async function readEntry(blob, { path, flags, method, compressed, local }, maximumBytes) {
  if (flags & 1) throw new Error(`${path} is encrypted`);
  const header = await bytes(blob, local, 30);
  if (u32(header, 0) !== 0x04034b50) throw new Error(`${path}: no local header where the directory says`);
  const start = local + 30 + u16(header, 26) + u16(header, 28);
  const data = blob.slice(start, start + compressed);
  if (method === 0) {
    if (data.size > maximumBytes) throw new Error(`${path} is larger than ${Math.round(maximumBytes / 2 ** 20)} MiB`);
    return data;
  }
  if (method !== 8) throw new Error(`${path} is compressed by method ${method}; only deflate is read`);
  try {
    return await new Response(data.stream().pipeThrough(new DecompressionStream('deflate-raw')).pipeThrough(limited(maximumBytes, path))).blob();
  } catch (error) {
    throw new Error(error.message?.includes('larger than') ? error.message : `${path} is damaged (its compressed data is corrupt)`);
  }
}
