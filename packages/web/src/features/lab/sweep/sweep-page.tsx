import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useUser } from '../../../essentials';
import { errorMessageOf } from '../../../lib/api';
import { JobProgress } from '../job-progress';
import { jobFinished, useDataSets, useLabJob, useStartSweep } from '../lab-api';
import { SweepForm } from './sweep-form';

/** Authority that may run lab jobs (docs/backtesting.md). */
export const RUN_AUTHORITY = 2;

/** /app/lab/sweep: the new sweep form, then (`?job=`) the running sweep's progress and cancel. */
export function SweepPage() {
  const authority = useUser()?.authority;
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  if (authority === undefined) return null;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">New sweep</h1>
      {authority < RUN_AUTHORITY ? (
        <p className="text-sm text-neutral-600">
          Sweeps need authority {RUN_AUTHORITY}; yours is {authority}.
        </p>
      ) : jobId ? (
        <SweepProgress id={jobId} onAgain={() => setParams({})} />
      ) : (
        <NewSweep onStarted={(id) => setParams({ job: id })} />
      )}
    </div>
  );
}

function NewSweep({ onStarted }: { onStarted: (id: string) => void }) {
  const sets = useDataSets();
  const start = useStartSweep();
  if (sets.isPending) return <Spinner />;
  if (sets.isError) return <p role="alert">{errorMessageOf(sets.error)}</p>;
  return (
    <Card title="Parameters">
      <SweepForm
        dataSets={sets.data}
        busy={start.isPending}
        error={start.isError ? errorMessageOf(start.error) : null}
        onStart={(body) => start.mutate(body, { onSuccess: (job) => onStarted(job.id) })}
      />
    </Card>
  );
}

function SweepProgress({ id, onAgain }: { id: string; onAgain: () => void }) {
  const job = useLabJob(id);
  const navigate = useNavigate();
  const resultId = job.data?.status === 'done' ? job.data.resultId : null;
  useEffect(() => {
    if (resultId !== null) void navigate(`/app/lab/sweeps/${resultId}`);
  }, [resultId, navigate]);
  if (job.isPending) return <Spinner />;
  if (job.isError) return <p role="alert">{errorMessageOf(job.error)}</p>;
  const { inputs, status } = job.data;
  const combinations = 'combinations' in inputs ? inputs.combinations : null;
  return (
    <Card title="Running sweep">
      <JobProgress job={job.data} label={`Sweep of ${combinations} combinations`} />
      <div className="mt-3 flex gap-2">
        {jobFinished(job.data) && status !== 'done' && <Button onClick={onAgain}>New sweep</Button>}
        {resultId !== null && <Link to={`/app/lab/sweeps/${resultId}`}>Open the result</Link>}
      </div>
    </Card>
  );
}
