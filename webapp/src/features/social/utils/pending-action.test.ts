import { beforeEach, describe, expect, it } from 'vitest';

import { PENDING_ACTION_MAX_AGE_MS, rememberAction, takeAction } from './pending-action';

const PATH = '/m/stocks/KOREA-A005930/debates/9';
const LIKE = { kind: 'react', on: { type: 'post', id: 9 }, button: 'like' } as const;

describe('pending visitor actions', () => {
  beforeEach(() => sessionStorage.clear());

  it('gives the action back once, on the page it was started on', () => {
    rememberAction(LIKE, PATH, 1_000);
    expect(takeAction('/m/stocks/KOREA-A005930/debates', () => true, 1_001)).toBeNull();
    expect(takeAction(PATH, (action) => action.kind === 'comment', 1_001)).toBeNull();
    expect(takeAction(PATH, (action) => action.kind === 'react', 1_001)).toEqual(LIKE);
    expect(takeAction(PATH, () => true, 1_002)).toBeNull();
  });

  it('drops an action older than ten minutes', () => {
    rememberAction(LIKE, PATH, 1_000);
    expect(takeAction(PATH, () => true, 1_000 + PENDING_ACTION_MAX_AGE_MS + 1)).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps the last action only', () => {
    rememberAction(LIKE, PATH, 1_000);
    const comment = { kind: 'comment', on: { type: 'post', id: 9 }, parentId: null, content: '안녕하세요' } as const;
    rememberAction(comment, PATH, 1_001);
    expect(takeAction(PATH, () => true, 1_002)).toEqual(comment);
  });
});
