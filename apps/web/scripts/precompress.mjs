// Writes a brotli (.br) and a gzip (.gz) copy beside each text file of the built web app, once at build
// time at the highest levels, so the API serves them as they are (@fastify/static preCompressed) with no
// compression work per request (docs/decisions/0134-compression.md).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const dist = path.resolve(import.meta.dirname, '../dist');
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
]);
/** Below this a file fits in a packet or two: compressing it gains nothing. */
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
let before = 0;
let afterBr = 0;
for await (const file of files(dist)) {
  if (!COMPRESSIBLE.has(path.extname(file))) continue;
  if ((await stat(file)).size < MIN_BYTES) continue;
  const data = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy no smaller than the original is not written: the original is served instead.
  if (br.length < data.length) await writeFile(`${file}.br`, br);
  if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
  count++;
  before += data.length;
  afterBr += Math.min(br.length, data.length);
}
console.log(
  `precompressed ${count} files: ${(before / 1024).toFixed(0)} kB, ${(afterBr / 1024).toFixed(0)} kB with brotli`,
);
