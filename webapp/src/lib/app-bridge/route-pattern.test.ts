// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { AppBridgeError } from './errors';
import { routePattern } from './route-pattern';

function errorOf(run: () => unknown): AppBridgeError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppBridgeError);
    return error as AppBridgeError;
  }
  throw new Error('did not throw');
}

describe('matching', () => {
  it(':param takes one segment, decoded', () => {
    const route = routePattern('post/:postId');
    expect(route.match('post/42')).toEqual({ params: { postId: '42' }, splats: [] });
    expect(route.match('post/%ED%95%9C')).toEqual({ params: { postId: '한' }, splats: [] });
    expect(route.match('post/42/more')).toBeNull();
    expect(route.match('post/')).toBeNull();
    expect(route.match('posts/42')).toBeNull();
  });

  it('* takes one segment, ** any number of them', () => {
    expect(routePattern('files/*/raw').match('files/a.txt/raw')).toEqual({ params: {}, splats: ['a.txt'] });
    expect(routePattern('files/*/raw').match('files/a/b/raw')).toBeNull();
    expect(routePattern('innerLink/**').match('innerLink/m/stocks/KOREA-A005930')).toEqual({
      params: {},
      splats: ['m/stocks/KOREA-A005930'],
    });
    expect(routePattern('a/*/b/**').match('a/x/b/y/z')).toEqual({ params: {}, splats: ['x', 'y/z'] });
  });

  it('optional groups, nested, leave their parameters out when absent', () => {
    const route = routePattern('viewAsset/:code(/:tabName(/:disclosureCategory))');
    expect(route.match('viewAsset/KOREA-A005930')?.params).toEqual({ code: 'KOREA-A005930' });
    expect(route.match('viewAsset/KOREA-A005930/articles')?.params).toEqual({ code: 'KOREA-A005930', tabName: 'articles' });
    expect(route.match('viewAsset/KOREA-A005930/articles/disclosures')?.params).toEqual({
      code: 'KOREA-A005930',
      tabName: 'articles',
      disclosureCategory: 'disclosures',
    });
    expect(route.match('viewAsset/KOREA-A005930/a/b/c')).toBeNull();
    // A suffix group after a parameter: the parameter stops where the group can start.
    expect(routePattern('x/:id(.:format)').match('x/abc.json')?.params).toEqual({ id: 'abc', format: 'json' });
  });

  it('escapes: \\( is a parenthesis, \\: a colon; text is literal, not a regular expression', () => {
    expect(routePattern('a\\(b\\)/\\:c').match('a(b)/:c')).toEqual({ params: {}, splats: [] });
    expect(routePattern('a.b').match('axb')).toBeNull();
  });

  it('answers null for a malformed escape rather than throwing', () => {
    expect(routePattern('post/:id').match('post/%E0%A4%A')).toBeNull();
  });

  it('refuses a malformed pattern', () => {
    expect(() => routePattern('a(b')).toThrow(/without its '\)'/);
    expect(() => routePattern('a)b')).toThrow(/without its '\('/);
    expect(() => routePattern('a/:/b')).toThrow(/without a name/);
  });
});

describe('building', () => {
  it('fills named parameters, encoded, and leaves out groups without values', () => {
    const route = routePattern('viewAsset/:code(/:tabName(/:disclosureCategory))');
    expect(route.build({ code: 'KOREA-A005930' })).toBe('viewAsset/KOREA-A005930');
    expect(route.build({ code: 'KOREA-A005930', tabName: 'articles' })).toBe('viewAsset/KOREA-A005930/articles');
    expect(route.build({ code: 'A B/C', tabName: 'articles', disclosureCategory: '정기' })).toBe(
      'viewAsset/A%20B%2FC/articles/%EC%A0%95%EA%B8%B0',
    );
    expect(route.names).toEqual(['code', 'tabName', 'disclosureCategory']);
  });

  it('fills the open slots with positional values in order; ** keeps its slashes', () => {
    expect(routePattern('viewAsset/:code(/:tabName)').build({}, ['KOREA-A005930', 'debates'])).toBe(
      'viewAsset/KOREA-A005930/debates',
    );
    expect(routePattern('a/:x/*/**').build({ x: 1 }, ['seg ment', 'm/stocks/한'])).toBe(
      'a/1/seg%20ment/m/stocks/%ED%95%9C',
    );
  });

  it('round-trips through match', () => {
    const route = routePattern('themeDetail/:key(/:country)');
    const built = route.build({ key: '반도체 & AI', country: 'kr' });
    expect(route.match(built)?.params).toEqual({ key: '반도체 & AI', country: 'kr' });
  });

  it('spec §5: a missing required parameter is an error', () => {
    const error = errorOf(() => routePattern('post/:postId').build({}));
    expect(error.code).toBe('missing_route_parameter');
    expect(error.message).toBe('필수 경로 매개변수가 없습니다.');
    expect(error.detail).toMatchObject({ parameter: ':postId' });
    // An empty string is no value either.
    expect(errorOf(() => routePattern('post/:postId').build({ postId: '' })).code).toBe('missing_route_parameter');
    expect(errorOf(() => routePattern('innerLink/**').build()).detail).toMatchObject({ parameter: '**' });
  });

  it('a group given one value needs all of its own', () => {
    const error = errorOf(() => routePattern('a(/:x/:y)').build({ y: 2 }));
    expect(error.code).toBe('missing_route_parameter');
    expect(error.detail).toMatchObject({ parameter: ':x' });
  });

  it('spec §5: too many positional parameters is an error', () => {
    const error = errorOf(() => routePattern('post/:postId').build({}, ['1', '2']));
    expect(error.code).toBe('too_many_positional_parameters');
    expect(error.message).toBe('위치 매개변수가 너무 많습니다.');
    expect(error.detail).toMatchObject({ given: 2, used: 1 });
    // A named value leaves no slot for a positional one.
    expect(errorOf(() => routePattern('post/:postId').build({ postId: 1 }, ['2'])).code).toBe(
      'too_many_positional_parameters',
    );
  });
});
