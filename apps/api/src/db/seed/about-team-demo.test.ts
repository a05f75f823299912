import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AboutTeam } from '@trilha/contracts/learning';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { aboutTeamDemoSeeder } from './about-team-demo';
import { runSeeders } from './run-seeders';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

it('fills the public about-team page of the demo site once', async () => {
  const before = await t.app.inject({ url: '/api/public/about-team' });
  expect(before.statusCode).toBe(200);
  expect((before.json() as AboutTeam).members).toEqual([]);

  await runSeeders(t.database.db, [aboutTeamDemoSeeder]);
  await runSeeders(t.database.db, [aboutTeamDemoSeeder]);
  const { members } = (await t.app.inject({ url: '/api/public/about-team' })).json() as AboutTeam;
  expect(members).toHaveLength(5);
  expect(members[0]).toMatchObject({ name: 'Mariana Albuquerque', role: expect.any(String), photoUrl: null });
  expect(members.every((m) => m.bio.length > 20)).toBe(true);
});
