import { deskShortTime, deskTime, dueText } from './desk-format.ts';

/** A deadline: its time, and how long is left or how far past it, marked when overdue. */
export function Deadline({ at, now, overdue }: { at: string; now: string; overdue: boolean }) {
  return (
    <span className={overdue ? 'adm-complaint-late' : undefined}>
      <time dateTime={at} title={deskTime(at)}>
        {deskShortTime(at)}
      </time>
      <span className="adm-order-sub">{overdue ? <strong>{dueText(at, now)}</strong> : dueText(at, now)}</span>
    </span>
  );
}
