// Writes `x.br` and `x.gz` beside every compressible file of the build, at the highest
// settings: the gateway holds all three in memory and answers the smallest the client
// accepts (gateway/src/webapp.rs). index.html is left to the gateway, which adds the API
// bases to it at start. Node's own zlib: no package needed.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const compressible = /\.(js|mjs|css|svg|json|txt|map|webmanifest|woff)$/;
// Below this, the headers outweigh what compression saves.
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      walk(path);
      continue;
    }
    if (!compressible.test(name)) continue;
    const body = readFileSync(path);
    if (body.length < MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gz);
    files += 1;
    before += body.length;
    after += br.length;
    if (process.env.PRECOMPRESS_VERBOSE) {
      console.log(`${relative(dist, path)}: ${body.length} → br ${br.length}, gzip ${gz.length}`);
    }
  }
};
walk(dist);
console.log(`precompressed ${files} files: ${before} → ${after} bytes (brotli)`);
