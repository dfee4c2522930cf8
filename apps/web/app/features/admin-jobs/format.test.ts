import { describe, expect, it } from 'vitest';
import { formatDay, formatTime, formatWhen, queueLabel, retryText, shortId, spanText } from './format.ts';

describe('the Jobs screen’s words', () => {
  it('says a wait in a few words', () => {
    expect(spanText(0)).toBe('0 s');
    expect(spanText(59)).toBe('59 s');
    expect(spanText(60)).toBe('1 min');
    expect(spanText(3_599)).toBe('59 min');
    expect(spanText(3_600)).toBe('1 h');
    expect(spanText(3_900)).toBe('1 h 5 min');
    expect(spanText(3 * 86_400)).toBe('3 days');
  });

  it('names the queues and their retries', () => {
    expect(queueLabel('mail.send')).toBe('Mail: one e-mail each');
    expect(queueLabel('something.new')).toBe('something.new');
    expect(retryText(7, 60)).toBe('7 retries, the first after 1 min');
    expect(retryText(1, 10)).toBe('1 retry, the first after 10 s');
    expect(retryText(0, 10)).toBe('No retries');
    expect(shortId('6bcf4a9f-8168-4577-8f6a-699a924216fb')).toBe('6bcf4a9f');
  });

  it('says when in India’s time', () => {
    expect(formatDay('2026-11-29T09:08:00Z')).toBe('29 Nov 2026');
    expect(formatTime('2026-11-29T09:08:00Z')).toBe('14:38');
    expect(formatWhen('2026-11-29T09:08:00Z')).toBe('29 Nov 2026, 14:38');
  });
});
