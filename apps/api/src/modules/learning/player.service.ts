import type { FileGroup, PlayerContent, PlayerPayload } from '@trilha/contracts/learning';
import {
  completionModeOf,
  isTestActivityKind,
  mediaActivityKinds,
  minSecondsOf,
  questionCountOf,
  reactionSettings,
  testSettings,
} from '@trilha/contracts/learning';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { DEFAULT_MEDIA_THRESHOLD } from './completion';
import type { ContentSigner } from './content-urls';
import { activityProgressOf, type CourseContext, type CourseContextLoader } from './course-context';
import { launchCmi, nextLaunch, scormAttemptRules } from './scorm/scorm-runtime';
import { loadAttempt } from './scorm/scorm-storage';
import type { Viewer } from './viewer';

type Activity = CourseContext['activities'][number];

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function createPlayerService(deps: { db: Db; contexts: CourseContextLoader; signer: ContentSigner }) {
  const { db, contexts, signer } = deps;

  function fileUrl(
    v: Viewer,
    a: Activity,
    mode: 'file' | 'sandbox' | 'scorm' = 'file',
    path = a.content_path,
  ): string {
    if (!a.content_prefix || !path) throw new AppError('LEARNING_ACTIVITY_NOT_READY', 409);
    const [file, query] = path.split('?', 2) as [string, string | undefined];
    // Tied to the login and the course it was opened from: the content origin checks both while serving.
    const url = signer.url(
      { prefix: a.content_prefix, userId: v.userId, mode, sessionId: v.sessionId, ...v.openedFrom },
      file,
    );
    return query ? `${url}?${query}` : url;
  }

  /** The API's download of the activity's file: serving it is what counts as downloaded. */
  const downloadUrl = (a: Activity, trailId?: number) =>
    `/api/learning/activities/${a.id}/download${trailId ? `?trailId=${trailId}` : ''}`;

  async function contentOf(v: Viewer, a: Activity, trailId?: number): Promise<PlayerContent> {
    const s = a.settings;
    const media = {
      completionThreshold: num(s['completionThreshold']) ?? DEFAULT_MEDIA_THRESHOLD,
      resumePosition: a.resume_position ?? 0,
      watchedIntervals: a.watched ?? [],
      durationSeconds: num(s['durationSeconds']) ?? a.duration ?? null,
    };
    const file = () => ({
      url: fileUrl(v, a),
      downloadUrl: downloadUrl(a, trailId),
      fileName: a.file_name ?? 'arquivo',
      mime: a.file_mime ?? 'application/octet-stream',
      size: a.file_size ?? 0,
      fileGroup: (a.file_group ?? 'document') as FileGroup,
    });
    switch (a.kind) {
      case 'pdf':
        return {
          kind: 'pdf',
          url: fileUrl(v, a),
          pageCount: num(s['pageCount']) ?? a.page_count ?? null,
          resumePage: a.page ?? 1,
        };
      case 'video':
      case 'audio':
        return { kind: a.kind, url: fileUrl(v, a), mime: a.file_mime ?? '', ...media };
      case 'youtube':
      case 'vimeo': {
        const videoId = str(s['videoId']);
        if (!videoId) throw new AppError('LEARNING_ACTIVITY_NOT_READY', 409);
        return { kind: a.kind, videoId, ...media };
      }
      case 'wowza': {
        const external = str(s['streamUrl']);
        return { kind: 'wowza', hlsUrl: external ?? fileUrl(v, a), ...media };
      }
      case 'scorm': {
        if (!a.scorm) throw new AppError('LEARNING_ACTIVITY_NOT_READY', 409);
        const stored = await loadAttempt(db, v, a.id);
        const rules = scormAttemptRules(a.settings);
        const launch = nextLaunch(a.scorm.version, stored, rules, a.status === 'finished');
        const { cmi, entry, mode } = launchCmi({
          version: a.scorm.version,
          learnerId: String(v.userId),
          learnerName: [v.lastName, v.firstName].filter(Boolean).join(', '),
          stored,
          launch,
          masteryScore: a.scorm.masteryScore,
          completionThreshold: a.scorm.completionThreshold ?? null,
          launchData: a.scorm.launchData,
        });
        return {
          kind: 'scorm',
          version: a.scorm.version,
          launchUrl: fileUrl(v, a, 'scorm', a.scorm.launchHref),
          cmi,
          entry,
          attempt: launch.attempt,
          mode,
          maxAttempts: rules.maxAttempts,
        };
      }
      case 'html':
        return { kind: 'html', url: fileUrl(v, a, 'sandbox') };
      case 'flash':
        return {
          kind: 'flash',
          supported: false,
          downloadUrl: a.content_prefix && a.content_path ? downloadUrl(a, trailId) : null,
          fileName: a.file_name,
        };
      case 'ppt':
        return { kind: 'ppt', ...file() };
      case 'file':
        return { kind: 'file', ...file() };
      case 'slideshare': {
        const embedUrl = str(s['embedUrl']);
        if (!embedUrl) throw new AppError('LEARNING_ACTIVITY_NOT_READY', 409);
        return { kind: 'slideshare', embedUrl };
      }
      case 'reaction_evaluation': {
        const parsed = reactionSettings.safeParse(a.settings);
        if (!parsed.success) throw new AppError('LEARNING_ACTIVITY_NOT_READY', 409);
        return { kind: 'reaction', questionCount: parsed.data.questions.length };
      }
      default: {
        if (!isTestActivityKind(a.kind)) return { kind: 'unsupported', activityKind: a.kind };
        const parsed = testSettings.safeParse(a.settings);
        if (!parsed.success) throw new AppError('LEARNING_ACTIVITY_NOT_READY', 409);
        return {
          kind: 'test',
          activityKind: a.kind,
          questionCount: questionCountOf(parsed.data.questions),
          passMark: parsed.data.passMark,
          maxAttempts: parsed.data.maxAttempts,
          timeLimitMinutes: parsed.data.timeLimitMinutes,
        };
      }
    }
  }

  function completionOf(a: Activity) {
    const mode = completionModeOf(a.kind, a.settings);
    if (!mode) return null;
    return {
      mode,
      minSeconds: mode === 'time' ? minSecondsOf(a.settings) : null,
    };
  }

  async function payload(
    v: Viewer,
    courseId: number,
    order: string,
    trailId?: number,
  ): Promise<PlayerPayload> {
    const ctx = await contexts.load(v, courseId, trailId);
    const index = ctx.activities.findIndex((a) => a.hierarchyOrder === order);
    const a = ctx.activities[index];
    if (!a) throw notFound();
    const neighbour = (n: Activity | undefined) =>
      n ? { hierarchyOrder: n.hierarchyOrder, title: n.title, locked: n.lock.locked } : null;
    return {
      course: { id: ctx.card.id, title: ctx.card.title, progress: ctx.progress },
      trail: ctx.trail ? { id: ctx.trail.id, title: ctx.trail.title } : null,
      activity: {
        id: a.id,
        hierarchyOrder: a.hierarchyOrder,
        title: a.title,
        description: a.description,
        kind: a.kind,
        lock: a.lock,
        progress: activityProgressOf(a),
        canMarkDone: false,
        completion: completionOf(a),
      },
      // A locked activity shows why, not its content (no signed URL leaves the server for it).
      content: a.lock.locked
        ? null
        : await contentOf({ ...v, openedFrom: { courseId: ctx.card.id, trailId } }, a, trailId),
      menu: ctx.modules,
      previous: neighbour(ctx.activities[index - 1]),
      next: neighbour(ctx.activities[index + 1]),
    };
  }

  return { payload };
}
export type PlayerService = ReturnType<typeof createPlayerService>;
export const isMediaKind = (kind: string) => (mediaActivityKinds as readonly string[]).includes(kind);
