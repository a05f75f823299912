import { describe, expect, it } from 'vitest';
import { activityBody, type ParsedActivityBody } from '../learning';

const parse = (body: object) => activityBody.safeParse(body);

describe('activity settings per kind', () => {
  it("validates each kind's settings with its own member", () => {
    const youtube = activityBody.parse({ kind: 'youtube', title: 'Y', settings: { videoId: 'dQw4w9WgXcQ' } });
    expect(youtube.settings).toEqual({ videoId: 'dQw4w9WgXcQ' });
    expect(parse({ kind: 'youtube', title: 'Y', settings: { videoId: 'x'.repeat(201) } }).success).toBe(
      false,
    );
    expect(parse({ kind: 'video', title: 'V', settings: { completionThreshold: 0.05 } }).success).toBe(false);
    expect(activityBody.parse({ kind: 'pdf', title: 'P' }).settings).toEqual({});
  });

  it('refuses a completion mode the kind does not offer, at settings.completion', () => {
    for (const body of [
      { kind: 'html', title: 'H', settings: { completion: 'download' } },
      { kind: 'video', title: 'V', settings: { completion: 'view' } },
      { kind: 'scorm', title: 'S', settings: { completion: 'time' } },
    ]) {
      const result = parse(body);
      expect(result.success, body.kind).toBe(false);
      expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual(['settings.completion']);
      expect(result.error!.issues[0]!.message).toBe('completion mode not offered for this kind');
    }
    expect(parse({ kind: 'pdf', title: 'P', settings: { completion: 'last_page' } }).success).toBe(true);
  });

  it("drops another kind's fields and narrows the settings by kind", () => {
    const body: ParsedActivityBody = activityBody.parse({
      kind: 'slideshare',
      title: 'S',
      settings: {
        embedUrl: 'https://www.slideshare.net/x',
        videoId: 'abc',
        completion: 'time',
        minSeconds: 30,
      },
    });
    expect(body.settings).toEqual({
      embedUrl: 'https://www.slideshare.net/x',
      completion: 'time',
      minSeconds: 30,
    });
    if (body.kind === 'slideshare') expect(body.settings.embedUrl).toBe('https://www.slideshare.net/x');
  });

  it('refuses a kind that is not a content kind', () => {
    const result = parse({ kind: 'webinar', title: 'W' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(['kind']);
  });
});
