import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NonocryptError } from '../errors.js';

/**
 * The web page's files served on the loopback interface with Node's own http module (no
 * dependency): GET and HEAD of the files under the page's folder, nothing else. The page is
 * static, so any file server would do; this one exists so that `nonocrypt web` works with
 * nothing installed but the package.
 *
 * Every response carries a Content-Security-Policy that allows the page to load only its own
 * files (scripts, its worker, the SAT engine's .wasm): nothing is fetched from the network.
 */
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.nc': 'text/plain; charset=utf-8',
  '.pic': 'text/plain; charset=utf-8',
  '.non': 'text/plain; charset=utf-8',
};

export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'; img-src 'self' data: blob:; style-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";

/** The built page's folder in this package (`dist/web`), or an error saying how to build it. */
export function webRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++, dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) {
      const root = join(dir, 'dist', 'web');
      if (existsSync(join(root, 'index.html'))) return root;
      throw new NonocryptError('E_BUILD', `the web page is not built (${root}/index.html is missing): run npm run build`);
    }
  }
  throw new NonocryptError('E_BUILD', 'cannot find the package folder of the web page');
}

/** The file a request path names under `root`, or undefined (outside it, or not a file). */
function fileFor(root: string, urlPath: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(urlPath.split('?')[0]!.split('#')[0]!);
  } catch {
    return undefined;
  }
  if (path.includes('\0')) return undefined;
  if (path.endsWith('/')) path += 'index.html';
  const file = normalize(join(root, path));
  if (file !== root && !file.startsWith(root + sep)) return undefined;
  try {
    return statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

export function webServer(root: string): Server {
  return createServer((req, res) => {
    const headers = { 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }).end('method not allowed\n');
      return;
    }
    const file = fileFor(root, req.url ?? '/');
    if (!file) {
      res.writeHead(404, { ...headers, 'Content-Type': 'text/plain' }).end('not found\n');
      return;
    }
    const body = readFileSync(file);
    res.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
}

/** Listen on 127.0.0.1:`port` (0: any free port); resolves to the page's address. */
export function listen(server: Server, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        e.code === 'EADDRINUSE'
          ? new NonocryptError('E_USAGE', `port ${port} on 127.0.0.1 is in use: choose another with --port (0: any free port)`)
          : e,
      ),
    );
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}/`);
    });
  });
}
