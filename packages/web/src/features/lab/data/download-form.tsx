import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useEssentialsSelector } from '../../../essentials';
import { JobProgress } from '../job-progress';
import { jobFinished, labKeys, useLabJob, useStartDownload } from '../lab-api';
import { codedText } from '../lab-format';
import { SelectField } from '../select-field';
import {
  checkDownloadForm,
  DOWNLOAD_EXCHANGES,
  DOWNLOAD_TIMEFRAMES,
  defaultDownloadForm,
  presetExchange,
  type DownloadForm as Values,
} from './download-values';

/** Download candles into a set (POST /lab/downloads), with the job's progress and Cancel. */
export function DownloadForm() {
  const exchange = useEssentialsSelector((essentials) => essentials?.exchangeConfig);
  // A download always fetches real candles from an exchange's public API, so it is named.
  const preset = presetExchange(exchange?.name);
  const [form, setForm] = useState<Values>(() => defaultDownloadForm(Date.now()));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useStartDownload();
  const job = useLabJob(jobId).data;
  const queryClient = useQueryClient();
  const finished = job !== undefined && jobFinished(job);
  useEffect(() => {
    // The set grew (or was created): list it again.
    if (finished) void queryClient.invalidateQueries({ queryKey: labKeys.dataSets });
  }, [finished, queryClient]);
  const busy = start.isPending || (job !== undefined && !finished);
  const change = (key: keyof Values, value: string) => {
    setForm((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => ({ ...previous, [key]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDownloadForm({ ...form, exchange: form.exchange || preset }, Date.now());
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    start.mutate(checked.body, { onSuccess: (started) => setJobId(started.id) });
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Download candles" className="flex flex-col gap-4">
      <fieldset className="min-w-0 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" disabled={busy}>
        <SelectField
          label="Exchange"
          value={form.exchange || preset}
          options={DOWNLOAD_EXCHANGES.map((name) => ({
            value: name,
            label: `${name}: its public API (real candles)`,
          }))}
          onChange={(value) => change('exchange', value)}
        />
        <TextField
          label="Market"
          value={form.symbol}
          error={errors.symbol}
          onChange={(event) => change('symbol', event.target.value)}
        />
        <SelectField
          label="Timeframe"
          value={form.timeframe}
          error={errors.timeframe}
          options={DOWNLOAD_TIMEFRAMES.map((value) => ({ value, label: value }))}
          onChange={(value) => change('timeframe', value)}
        />
        <TextField
          label="Since (YYYY-MM-DD)"
          inputMode="numeric"
          value={form.since}
          error={errors.since}
          onChange={(event) => change('since', event.target.value)}
        />
      </fieldset>
      <p className="text-sm text-neutral-600">
        Candles come from the chosen exchange's live public market-data API over the internet
        {exchange?.simulated ? ', even though trading here is simulated' : ''}. A set that exists goes on
        after its last candle; gaps are reported, never filled in.
      </p>
      {start.error && (
        <p role="alert" className="text-sm text-red-700">
          {codedText(start.error)}
        </p>
      )}
      <div>
        <Button type="submit" busy={busy}>
          Download
        </Button>
      </div>
      {job && <JobProgress job={job} label="Download" />}
    </form>
  );
}
