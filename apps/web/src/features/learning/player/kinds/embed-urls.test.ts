import { describe, expect, it } from 'vitest';
import { frameableDeck, vimeoId, youtubeId } from './embed-urls';

const app = 'https://learn.example.com';

describe('slideshare decks', () => {
  it('frames SlideShare embed addresses on the origin the Content-Security-Policy allows', () => {
    expect(frameableDeck('https://www.slideshare.net/slideshow/embed_code/16220047', app)).toBe(true);
    expect(frameableDeck('https://www.slideshare.net/slideshow/embed_code/key/a1b2c3', app)).toBe(true);
  });

  it('opens presentation pages and other SlideShare hosts in a new tab', () => {
    expect(frameableDeck('https://www.slideshare.net/someone/the-sales-funnel', app)).toBe(false);
    expect(frameableDeck('https://pt.slideshare.net/slideshow/embed_code/16220047', app)).toBe(false);
    expect(frameableDeck('http://www.slideshare.net/slideshow/embed_code/16220047', app)).toBe(false);
    expect(frameableDeck('not a url', 'null')).toBe(false);
  });

  it('frames a deck the app serves itself', () => {
    expect(frameableDeck('/api/learning/content/abc/deck.html', app)).toBe(true);
  });
});

describe('video ids', () => {
  it('reads YouTube and Vimeo ids from the usual link forms', () => {
    expect(youtubeId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(vimeoId('https://vimeo.com/76979871')).toBe('76979871');
  });
});
