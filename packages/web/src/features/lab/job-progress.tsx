import type { LabJob } from '@balancer/core';
import { Button } from '../../components/ui/button';
import { jobFinished, useCancelJob } from './lab-api';
import { codedMessageText, codedText } from './lab-format';

const STATUS_TEXT: Record<LabJob['status'], string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** A job's status, its progress bar and Cancel while it runs; the coded error when it stopped. */
export function JobProgress({ job, label }: { job: LabJob; label: string }) {
  const cancel = useCancelJob();
  const percent = Math.round(job.progress * 100);
  const finished = jobFinished(job);
  return (
    <div className="flex flex-col gap-2" data-testid="lab-job" data-status={job.status}>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span>
          {label}: <span className="font-medium">{STATUS_TEXT[job.status]}</span>
          {!finished && ` · ${percent} %`}
        </span>
        {!finished && (
          <Button variant="outline" size="sm" busy={cancel.isPending} onClick={() => cancel.mutate(job.id)}>
            Cancel
          </Button>
        )}
      </div>
      <div
        role="progressbar"
        aria-label={`${label} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-neutral-200"
      >
        <div
          className={job.status === 'failed' ? 'h-full bg-decrease' : 'h-full bg-increase'}
          style={{ width: `${percent}%` }}
        />
      </div>
      {job.error && job.status !== 'done' && (
        <p role="alert" className="text-sm text-red-700">
          {codedMessageText(job.error.message, job.error.code)}
        </p>
      )}
      {cancel.error && (
        <p role="alert" className="text-sm text-red-700">
          {codedText(cancel.error)}
        </p>
      )}
    </div>
  );
}
