// The API client: bearer key, JSON in and out, polling by the contract, downloads.

import { sleep } from "./dom.js";

/** An answer: `ok`, `status`, parsed `data` (JSON, or text), `headers`. Never throws for
 * an HTTP status; callers decide what a 402, 422, 423 or 429 means for them. */
export class Answer {
  constructor(status, data, headers) {
    this.status = status;
    this.data = data;
    this.headers = headers;
  }
  get ok() {
    return this.status >= 200 && this.status < 300;
  }
  /** Retry-After in milliseconds (the header is in seconds), or `fallback`. */
  retryAfterMs(fallback = 1000) {
    const value = Number(this.headers.get("Retry-After"));
    return Number.isFinite(value) && value > 0 ? value * 1000 : fallback;
  }
  /** A one-line message for the answer's `detail`. */
  get message() {
    const detail = this.data && this.data.detail;
    if (typeof detail === "string") return detail;
    if (Array.isArray(detail)) return detail.map((d) => d.msg).join("; ");
    return `HTTP ${this.status}`;
  }
}

export class Api {
  constructor(key) {
    this.key = key;
    /** Called with an Answer whenever the key is refused (401). */
    this.onUnauthorized = null;
  }

  async call(method, path, body) {
    const headers = { Accept: "application/json" };
    if (this.key) headers.Authorization = `Bearer ${this.key}`;
    const init = { method, headers };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(path, init);
    } catch (err) {
      return new Answer(0, { detail: `The service did not answer (${err.message})` }, new Headers());
    }
    const type = response.headers.get("Content-Type") || "";
    const data = type.includes("json") ? await response.json() : await response.text();
    const answer = new Answer(response.status, data, response.headers);
    if (answer.status === 401 && this.onUnauthorized) this.onUnauthorized(answer);
    return answer;
  }

  get(path) {
    return this.call("GET", path);
  }
  post(path, body) {
    return this.call("POST", path, body);
  }
  del(path) {
    return this.call("DELETE", path);
  }

  /** Fetch `path` with the key and save it under the server's file name (or `name`). */
  async download(path, name) {
    const response = await fetch(path, { headers: { Authorization: `Bearer ${this.key}` } });
    if (!response.ok) return new Answer(response.status, await response.json(), response.headers);
    const disposition = response.headers.get("Content-Disposition") || "";
    const match = /filename="?([^";]+)"?/.exec(disposition);
    saveBlob(await response.blob(), match ? match[1] : name);
    return new Answer(response.status, null, response.headers);
  }
}

/** Offer a blob as a file download. */
export function saveBlob(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Follow a background job until it ends: `GET /v2/background-jobs/{id}` reports
 * `status` and `progress_percent`. Polls quickly at first (our jobs take milliseconds),
 * then every second. Returns the last Answer (completed, failed, or an error status).
 */
export async function watchJob(api, jobId, onProgress, isCancelled = () => false) {
  let wait = 150;
  for (;;) {
    const answer = await api.get(`/v2/background-jobs/${encodeURIComponent(jobId)}`);
    if (!answer.ok) return answer;
    const job = answer.data;
    onProgress({ status: job.status, percent: job.progress_percent ?? null });
    if (job.status !== "processing" && job.status !== "queued") return answer;
    if (isCancelled()) return answer;
    await sleep(wait);
    wait = Math.min(1000, wait * 1.6);
  }
}

/**
 * GET a resource that answers 423 while it is drawn: wait what `Retry-After` says,
 * then ask again. Returns the first answer that is not a 423.
 */
export async function fetchDone(api, path, onWaiting = () => {}, isCancelled = () => false) {
  for (;;) {
    const answer = await api.get(path);
    if (answer.status !== 423 || isCancelled()) return answer;
    const ms = answer.retryAfterMs();
    onWaiting(ms);
    await sleep(ms);
  }
}
