import { describe, expect, it } from 'vitest';
import { moduleKeys, modulesOfPath } from './modules';

describe('modulesOfPath', () => {
  it('gates every module screen by its own key', () => {
    for (const key of moduleKeys) expect(modulesOfPath(`/${key}/12`)).toEqual([key]);
  });

  it('maps old paths and lounges to their module', () => {
    expect(modulesOfPath('/courses/3')).toEqual(['online-courses']);
    expect(modulesOfPath('/presential-catalogs/1')).toEqual(['presential-courses']);
    expect(modulesOfPath('/webinars-lounge/9')).toEqual(['webinars']);
    expect(modulesOfPath('/libraries')).toEqual(['library']);
  });

  it("needs the trail's and its item's module inside a trail, and none for home", () => {
    expect(modulesOfPath('/trails/3/webinars/9')).toEqual(['trails', 'webinars']);
    expect(modulesOfPath('/trails/3/trails/4')).toEqual(['trails']);
    expect(modulesOfPath('/home')).toEqual([]);
    expect(modulesOfPath('/')).toEqual([]);
  });
});
