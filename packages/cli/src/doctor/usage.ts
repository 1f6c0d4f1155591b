// `npm run cli -- doctor` in the cli's usage, and its flags (the command itself loads only when run).

export const DOCTOR_USAGE = `
  npm run cli -- doctor [--data-dir DIR] [--settings FILE] [--json]
      Checks what operators get wrong (Node, data folder and secret file modes, disk, database,
      migrations, ports, HTTPS, clock against the exchange) and prints a fix for each problem;
      exits 1 when a check fails. --settings reads the service's settings file (docs/service.md).
`;

export const DOCTOR_OPTIONS = { settings: { type: 'string' }, json: { type: 'boolean' } } as const;
export type DoctorFlags = { 'data-dir'?: string; settings?: string; json?: boolean };
