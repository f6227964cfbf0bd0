// A loopback reverse proxy that gzips what the gateway sends uncompressed (scripts, styles,
// HTML, JSON), for `scripts/bench-first-load.sh --gzip`: the first-load figures as they
// would be if the gateway compressed its responses. Event streams pass through as they are.
//
//   node scripts/first-load/gzip-proxy.mjs http://127.0.0.1:PORT
//
// Prints `listening on http://127.0.0.1:PORT` once it accepts connections.
import http from 'node:http';
import zlib from 'node:zlib';

const upstream = new URL(process.argv[2] ?? '');
const COMPRESSIBLE = /^(text\/(html|css|javascript|plain)|application\/(javascript|json|problem\+json))/;

const server = http.createServer((req, res) => {
  const forward = http.request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' },
    },
    (answer) => {
      const type = answer.headers['content-type'] ?? '';
      const gzip =
        COMPRESSIBLE.test(type) &&
        !answer.headers['content-encoding'] &&
        /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') &&
        req.method !== 'HEAD';
      const headers = { ...answer.headers };
      if (gzip) {
        delete headers['content-length'];
        headers['content-encoding'] = 'gzip';
        headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
      }
      res.writeHead(answer.statusCode ?? 502, headers);
      if (gzip) answer.pipe(zlib.createGzip({ level: 6 })).pipe(res);
      else answer.pipe(res);
    },
  );
  forward.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(forward);
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  console.log(`listening on http://127.0.0.1:${port}`);
});
