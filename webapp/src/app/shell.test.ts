// @vitest-environment node
// What the shell (the entry and its static imports, preloaded by index.html) may hold: the
// start-up, the providers, the router and the root layout. The route table and every screen are
// reached only through dynamic imports, so a screen (the community's included) costs the shell
// nothing; the bytes are measured by scripts/first-load/sizes.mjs (docs/benchmarks.md, "First
// load (webapp)"). This walks the static imports of src/main.tsx as the bundler would.
import { describe, expect, it } from 'vitest';

const SOURCES = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/**/*.d.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** `import … from '…'` and `export … from '…'`, not `import('…')` (type-only imports left out). */
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

/** `a/b/../c` → `a/c`. */
function normalize(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** The source file a specifier names, or null for a package or a stylesheet. */
function resolveModule(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = `/src/${specifier.slice(2)}`;
  else if (specifier.startsWith('.')) base = normalize(`${from.slice(0, from.lastIndexOf('/'))}/${specifier}`);
  else return null;
  if (base.endsWith('.css')) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (candidate in SOURCES) return candidate;
  }
  throw new Error(`cannot resolve ${specifier} from ${from}`);
}

/** What is left of a module once its comments, type imports and `declare module` blocks are gone. */
function runtimeCode(source: string): string {
  return source
    .replace(/\/\/.*$/gm, '')
    .replace(/^import type [^;]+;$/gm, '')
    .replace(/^declare module [^{]+\{[\s\S]*?^\}$/gm, '')
    .trim();
}

function shellModules(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of (SOURCES[file] ?? '').matchAll(STATIC_IMPORT)) {
      const target = specifier ? resolveModule(file, specifier) : null;
      if (target) visit(target);
    }
  };
  visit('/src/main.tsx');
  return [...seen].map((file) => file.slice('/src/'.length)).sort();
}

describe('the shell', () => {
  it('holds the start-up, the router and the root layout', () => {
    const modules = shellModules();
    for (const expected of ['main.tsx', 'app/start.tsx', 'app/router.tsx', 'app/routes/root.tsx', 'app/modals.tsx']) {
      expect(modules).toContain(expected);
    }
  });

  it('holds no route table, no screen and nothing of the community', () => {
    const modules = shellModules();
    expect(modules).not.toContain('app/route-table.tsx');
    const screens = modules.filter((file) => file.startsWith('app/routes/') && file !== 'app/routes/root.tsx');
    expect(screens).toEqual([]);
    // The community's modal types join the registry; that module holds no code.
    const social = modules.filter((file) => /features\/social|config\/social-paths/.test(file));
    expect(social).toEqual(['features/social/modals.ts']);
    expect(runtimeCode(SOURCES['/src/features/social/modals.ts'] ?? '')).toBe('export {};');
  });

  it('holds of the app bridge only the user-agent detection: the bridge itself loads inside an app', () => {
    const bridge = shellModules().filter((file) => /app-bridge|web2app|fake-native/.test(file));
    expect(bridge).toEqual(['lib/app-bridge/app-type.ts']);
  });
});
