// Route patterns of the deep links (spec §2 "Route-pattern matching supports :param, * and **
// splat and optional groups in parentheses"): one pattern both matches an address and builds
// one. Ours rather than a library's: none of the maintained ones has this syntax (path-to-regexp
// writes optional parts in braces and has no `**`; url-pattern and route-parser have neither
// `**` nor positional building and are unmaintained since 2016–2017); docs/app-bridge.md, "Deep
// links".
//
//   :name   a named parameter: one segment's characters (no `/`, `?`, `#`)
//   *       a positional splat within one segment
//   **      a positional splat over several segments (`/` included)
//   ( … )   an optional group, nestable
//   \x      the character x itself
//
// Building (spec §5): named values fill their parameters; positional values fill, in order, the
// slots that named values left open (splats, and named parameters not given by name). A slot
// outside every group must get a value (`missing_route_parameter`); a group is written when any
// slot in it got one, and then all of its own slots must have one; positional values left over
// are `too_many_positional_parameters`.
import { AppBridgeError } from './errors';

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'param'; name: string }
  | { kind: 'splat'; deep: boolean }
  | { kind: 'group'; nodes: Node[] };

export type RouteValue = string | number;
export type RouteMatch = { params: Record<string, string>; splats: string[] };

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
const SEGMENT = '([^/?#]+?)';
const ANY = '(.+?)';

function parse(pattern: string): Node[] {
  const stack: Node[][] = [[]];
  const top = () => stack[stack.length - 1]!;
  const text = (char: string) => {
    const nodes = top();
    const last = nodes[nodes.length - 1];
    if (last?.kind === 'text') last.text += char;
    else nodes.push({ kind: 'text', text: char });
  };
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '\\') {
      const next = pattern[++i];
      if (next === undefined) throw new Error(`route pattern ${pattern}: a trailing \\`);
      text(next);
    } else if (char === ':') {
      const name = NAME.exec(pattern.slice(i + 1))?.[0];
      if (!name) throw new Error(`route pattern ${pattern}: a ':' without a name at ${i}`);
      top().push({ kind: 'param', name });
      i += name.length;
    } else if (char === '*') {
      const deep = pattern[i + 1] === '*';
      if (deep) i++;
      top().push({ kind: 'splat', deep });
    } else if (char === '(') {
      const group: Node = { kind: 'group', nodes: [] };
      top().push(group);
      stack.push(group.nodes);
    } else if (char === ')') {
      if (stack.length === 1) throw new Error(`route pattern ${pattern}: a ')' without its '(' at ${i}`);
      stack.pop();
    } else {
      text(char);
    }
  }
  if (stack.length !== 1) throw new Error(`route pattern ${pattern}: a '(' without its ')'`);
  return stack[0]!;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export type RoutePattern = {
  readonly pattern: string;
  /** The named parameters, in order. */
  readonly names: readonly string[];
  /** The parameters and splats of `path`, or null when it does not match. */
  match(path: string): RouteMatch | null;
  /** The address for these values (see the rules above); throws the spec §5 errors. */
  build(values?: Record<string, RouteValue | null | undefined>, positional?: readonly RouteValue[]): string;
};

export function routePattern(pattern: string): RoutePattern {
  const nodes = parse(pattern);
  /** Each capture group's slot, in order: a parameter's name, or a splat. */
  const captures: ({ name: string } | { splat: true })[] = [];
  const names: string[] = [];
  const source = (list: Node[]): string =>
    list
      .map((node) => {
        switch (node.kind) {
          case 'text':
            return escapeRegExp(node.text);
          case 'param':
            captures.push({ name: node.name });
            if (!names.includes(node.name)) names.push(node.name);
            return SEGMENT;
          case 'splat':
            captures.push({ splat: true });
            return node.deep ? ANY : SEGMENT;
          case 'group':
            return `(?:${source(node.nodes)})?`;
        }
      })
      .join('');
  const regExp = new RegExp(`^${source(nodes)}$`);

  return {
    pattern,
    names,
    match(path) {
      const found = regExp.exec(path);
      if (!found) return null;
      const params: Record<string, string> = {};
      const splats: string[] = [];
      try {
        captures.forEach((slot, index) => {
          const raw = found[index + 1];
          if (raw === undefined) return;
          const value = decodeURIComponent(raw);
          if ('name' in slot) params[slot.name] = value;
          else splats.push(value);
        });
      } catch {
        // A malformed escape (`%E0%A4%A`): not an address this pattern names.
        return null;
      }
      return { params, splats };
    },
    build(values = {}, positional = []) {
      let next = 0;
      const given = (value: RouteValue | null | undefined): string | null =>
        value === null || value === undefined || value === '' ? null : String(value);
      // Every slot gets its value first, in order, so positional values fill them as written.
      type Filled = { text: string } | { value: string | null; label: string; deep: boolean } | { group: Filled[] };
      const fill = (list: Node[]): Filled[] =>
        list.map((node): Filled => {
          switch (node.kind) {
            case 'text':
              return { text: node.text };
            case 'param': {
              let value = given(values[node.name]);
              if (value === null && next < positional.length) value = given(positional[next++]);
              return { value, label: `:${node.name}`, deep: false };
            }
            case 'splat': {
              const value = next < positional.length ? given(positional[next++]) : null;
              return { value, label: node.deep ? '**' : '*', deep: node.deep };
            }
            case 'group':
              return { group: fill(node.nodes) };
          }
        });
      const filled = fill(nodes);
      if (next < positional.length) {
        throw new AppBridgeError('too_many_positional_parameters', {
          pattern,
          given: positional.length,
          used: next,
        });
      }
      const hasValue = (list: Filled[]): boolean =>
        list.some((part) => ('group' in part ? hasValue(part.group) : 'value' in part && part.value !== null));
      const write = (list: Filled[]): string =>
        list
          .map((part) => {
            if ('text' in part) return part.text;
            if ('group' in part) return hasValue(part.group) ? write(part.group) : '';
            if (part.value === null) {
              throw new AppBridgeError('missing_route_parameter', { pattern, parameter: part.label });
            }
            return part.deep
              ? part.value.split('/').map(encodeURIComponent).join('/')
              : encodeURIComponent(part.value);
          })
          .join('');
      return write(filled);
    },
  };
}
