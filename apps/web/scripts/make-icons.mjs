// Writes the app's icons into public/ (run by hand when the design changes: `node scripts/make-icons.mjs`):
// icon.svg, PNGs of 32, 180 (Apple touch), 192 and 512 px, a maskable 512 px PNG and favicon.ico. The design
// is a pendant: a white ring with a dot, on the app's green (theme colour #25744a). No dependencies: the PNGs
// are drawn here with 4 x 4 supersampling and written with zlib.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const GREEN = [0x25, 0x74, 0x4a];
const WHITE = [0xff, 0xff, 0xff];
const out = path.resolve(import.meta.dirname, '../public');
mkdirSync(path.join(out, 'icons'), { recursive: true });

/** Coverage of the design at (x, y) in a unit square: 'bg' inside the rounded square, 'fg' on the pendant. */
function shade(x, y, { maskable }) {
  const radius = maskable ? 0 : 0.2;
  const cx = Math.min(Math.max(x, radius), 1 - radius);
  const cy = Math.min(Math.max(y, radius), 1 - radius);
  if (Math.hypot(x - cx, y - cy) > radius) return 'none';
  // Maskable icons keep their drawing inside the central 80 % safe zone: the pendant is smaller.
  const scale = maskable ? 0.8 : 1;
  const d = Math.hypot(x - 0.5, y - 0.5) / scale;
  if ((d <= 0.3 && d >= 0.2) || d <= 0.08) return 'fg';
  return 'bg';
}

function png(size, options = { maskable: false }) {
  const samples = 4;
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const kind = shade((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size, options);
          if (kind === 'none') continue;
          const [cr, cg, cb] = kind === 'fg' ? WHITE : GREEN;
          r += cr;
          g += cg;
          b += cb;
          a += 1;
        }
      }
      const n = samples * samples;
      const at = 1 + px * 4;
      row[at] = a ? Math.round(r / a) : 0;
      row[at + 1] = a ? Math.round(g / a) : 0;
      row[at + 2] = a ? Math.round(b / a) : 0;
      row[at + 3] = Math.round((a / n) * 255);
    }
    rows.push(row);
  }
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** An .ico holding PNG images (read by every current browser). */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry[0] = size >= 256 ? 0 : size;
    entry[1] = size >= 256 ? 0 : size;
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.data)]);
}

const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" role="img" aria-label="Sage Care">
  <title>Sage Care</title>
  <rect width="100" height="100" rx="20" fill="#25744a"/>
  <circle cx="50" cy="50" r="25" fill="none" stroke="#fff" stroke-width="10"/>
  <circle cx="50" cy="50" r="8" fill="#fff"/>
</svg>
`;
writeFileSync(path.join(out, 'icons/icon.svg'), svg);
for (const size of [32, 180, 192, 512]) writeFileSync(path.join(out, `icons/icon-${size}.png`), png(size));
writeFileSync(path.join(out, 'icons/icon-maskable-512.png'), png(512, { maskable: true }));
writeFileSync(
  path.join(out, 'favicon.ico'),
  ico([
    { size: 16, data: png(16) },
    { size: 32, data: png(32) },
    { size: 48, data: png(48) },
  ]),
);
console.log('icons written to', out);
