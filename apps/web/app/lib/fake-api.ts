/**
 * For tests of loaders and actions: an API client whose raw calls answer from `answer` and are remembered
 * as the in-process fetch would see them (the typed get and post are not what these call, so they fail).
 */
import type { ApiClient } from './api.ts';

export interface FakeCall {
  path: string;
  init: RequestInit;
}

export function fakeApi(answer: (path: string, init: RequestInit) => Response) {
  const calls: FakeCall[] = [];
  const api: ApiClient = {
    get: () => Promise.reject(new Error('not used')),
    post: () => Promise.reject(new Error('not used')),
    raw: async (path, init = {}) => {
      calls.push({ path, init });
      return answer(path, init);
    },
  };
  return { api, calls };
}
