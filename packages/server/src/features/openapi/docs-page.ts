import type { RouteSpec } from '../../http/route-spec.js';
import type { ApiInfo } from './document.js';
import { describeRoute, type ParameterDescription, type RouteDescription } from './route-description.js';

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

// One style element and no script: the CSP (plugins/security.ts) allows inline styles only.
const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1f2937;background:#f9fafb}
header,main{max-width:960px;margin:0 auto;padding:16px 24px}
header{border-bottom:1px solid #e5e7eb}
h1 small{font-size:.55em;color:#6b7280;font-weight:400}
nav a{margin-right:12px}
h2{margin-top:32px;border-bottom:2px solid #e5e7eb}
article{background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px;margin:12px 0}
h3{margin:0;font-size:1em;display:flex;gap:10px;align-items:center}
.method{font:600 .8em monospace;padding:2px 8px;border-radius:4px;color:#fff;background:#6b7280}
.GET{background:#2563eb}.POST{background:#16a34a}.PUT{background:#d97706}.PATCH{background:#7c3aed}.DELETE{background:#dc2626}
.facts{display:flex;flex-wrap:wrap;gap:8px;padding:0;margin:8px 0;list-style:none}
.facts li{background:#f3f4f6;border-radius:4px;padding:1px 8px;font-size:.85em}
.facts .otp{background:#fef3c7}
table{border-collapse:collapse;width:100%;font-size:.85em;margin:6px 0}
th,td{border:1px solid #e5e7eb;padding:4px 6px;text-align:left;vertical-align:top}
pre{background:#111827;color:#e5e7eb;padding:8px;border-radius:6px;overflow:auto;font-size:.8em}
`;

function compactSchema(schema: unknown): string {
  return JSON.stringify(schema);
}

function parameterRows(parameters: ParameterDescription[]): string {
  if (parameters.length === 0) return '';
  const rows = parameters
    .map(
      (parameter) =>
        `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${parameter.in}</td>` +
        `<td>${parameter.required ? 'yes' : 'no'}</td><td><code>${escapeHtml(compactSchema(parameter.schema))}</code></td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>Parameter</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function routeArticle(route: RouteDescription): string {
  const who = route.authority === 0 ? 'Public' : `Authority ${route.authority}+`;
  const facts = [
    `<li>${who}</li>`,
    route.otp ? '<li class="otp">One-time code (otp-token header)</li>' : '',
    `<li>Rate tier ${escapeHtml(route.rateTier)}: ${route.requestsPer15Min} / 15 min per IP</li>`,
  ].join('');
  const body = route.body
    ? `<details><summary>Request body (JSON)</summary><pre>${escapeHtml(JSON.stringify(route.body, null, 2))}</pre></details>`
    : '';
  const answer = `<details><summary>${route.document ? 'Answer (not in the envelope)' : "Answer: the envelope's data"}</summary><pre>${escapeHtml(JSON.stringify(route.response, null, 2))}</pre></details>`;
  return (
    `<article><h3><span class="method ${route.method}">${route.method}</span><code>${escapeHtml(route.path)}</code></h3>` +
    `<p>${escapeHtml(route.summary)}</p><ul class="facts">${facts}</ul>${parameterRows(route.parameters)}${body}${answer}</article>`
  );
}

/**
 * A readable, self-contained page of the API: routes grouped by tag with their access rules,
 * parameters and body schemas. Rendered on the server; no script and nothing fetched elsewhere.
 */
export function renderDocsPage(routes: readonly RouteSpec[], info: ApiInfo): string {
  const byTag = new Map<string, RouteDescription[]>();
  for (const route of routes.map(describeRoute)) {
    byTag.set(route.tag, [...(byTag.get(route.tag) ?? []), route]);
  }
  const anchor = (tag: string) => `tag-${tag.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const nav = [...byTag.keys()].map((tag) => `<a href="#${anchor(tag)}">${escapeHtml(tag)}</a>`).join('');
  const sections = [...byTag.entries()]
    .map(
      ([tag, described]) =>
        `<section id="${anchor(tag)}"><h2>${escapeHtml(tag)}</h2>${described.map(routeArticle).join('')}</section>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)}</title><style>${STYLE}</style></head><body>
<header><h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1>
<p>Every handled answer is HTTP 200 with the envelope <code>{success, data, error}</code>; a failure's
<code>error</code> ends with its code, e.g. <code>…{(4252)}</code>. Protected routes need
<code>Authorization: Bearer &lt;access token&gt;</code>; authority 1–5, higher includes lower.
Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>
<nav>${nav}</nav></header><main>${sections}</main></body></html>`;
}
