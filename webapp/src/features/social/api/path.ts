// The address of a community call the typed GET does not cover (writes): a route of the
// generated schema (checked at compile time) with its `{name}` segments filled in.
import type { paths } from '@/lib/api';

export function apiPath(template: keyof paths, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${template}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}
