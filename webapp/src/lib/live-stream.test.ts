// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { FakeEventSource } from '@/testing/fake-event-source';

import { openLiveStream } from './live-stream';

const URL = '/social/api/v1/securities/KOREA-A005930/posts/stream';

describe('openLiveStream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands the events to their listeners and tells of each opening', () => {
    const seen: string[] = [];
    const onOpen = vi.fn();
    openLiveStream(URL, { post_created: (event) => seen.push(event.data) }, onOpen);
    const source = FakeEventSource.instances[0]!;
    expect(source.url).toBe(URL);
    source.emit('open', '');
    source.emit('post_created', { post_id: 1 });
    expect(seen).toEqual(['{"post_id":1}']);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('leaves a dropped connection to the browser, which reconnects by itself', () => {
    openLiveStream(URL, {});
    FakeEventSource.instances[0]!.drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('opens a stream the browser gave up again, after 1 s, 2 s, 4 s …, at most 30 s, and 1 s again once open', () => {
    const onOpen = vi.fn();
    openLiveStream(URL, {}, onOpen);
    const waits: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      FakeEventSource.instances.at(-1)!.fail();
      const before = FakeEventSource.instances.length;
      let waited = 0;
      while (FakeEventSource.instances.length === before && waited < 60_000) {
        vi.advanceTimersByTime(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    FakeEventSource.instances.at(-1)!.emit('open', '');
    expect(onOpen).toHaveBeenCalledTimes(1);
    FakeEventSource.instances.at(-1)!.fail();
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.instances).toHaveLength(9);
  });

  it('stops: the open stream is closed and a pending reopening never happens', () => {
    const stop = openLiveStream(URL, {});
    FakeEventSource.instances[0]!.fail();
    stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);

    const stopOpen = openLiveStream(URL, {});
    stopOpen();
    expect(FakeEventSource.instances[1]!.closed).toBe(true);
  });
});
