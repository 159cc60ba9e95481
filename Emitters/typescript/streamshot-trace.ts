/**
 * Records what a chat client shows while an answer streams, as a Streamshot client trace
 * (JSON Lines, format version 1 — Streamshot's docs/clients-and-traces.md, "The trace format"). One file, no
 * dependencies: drop it into a React Native or web app's debug build or UI tests, call it where
 * the client changes the screen, and hand `toJSONLines()` to `streamshot render` and
 * `streamshot check`, which render exactly what the client displayed and judge it.
 *
 * Times are milliseconds since the trace was made (the request), from `performance.now()`
 * unless a clock is given.
 */

export type Platform = "react-native" | "flutter" | "swiftui" | "css";
export type Direction = "ltr" | "rtl" | "auto";
export type TextAlign = "auto" | "start" | "end" | "left" | "right" | "center" | "justify";
export type OverlayKind =
  | "typing-indicator" | "new-content-pill" | "progress" | "reconnecting"
  | "slow-connection" | "stop-button" | "error" | "retry";
export type EndKind = "done" | "timeout" | "error" | "gave-up" | "unauthorized" | "stopped" | "incomplete";

export interface TraceStart {
  /** The UI framework: it decides how textAlign meets the direction. Default "react-native". */
  platform?: Platform;
  /** The app's layout direction (React Native: I18nManager.isRTL ? "rtl" : "ltr"). Default "ltr". */
  layoutDirection?: "ltr" | "rtl";
  /** The screen in points and its pixel ratio. */
  viewport?: { width: number; height: number; scale: number };
  /** The body text's size in points. */
  fontSize?: number;
  /**
   * false when the app shows the answer's text as it came, Markdown unrendered (`**` and `## `
   * drawn as they are): the render then draws it so. Default true.
   */
  rendersMarkdown?: boolean;
  /** The app's language ("en", "ar", "fa", "ur", "he"), when it is not the layout direction's: its alert titles are in it. */
  appLanguage?: "en" | "ar" | "fa" | "ur" | "he";
  /**
   * false when the app's Markdown reads no footnotes (marked, or markdown-it without its footnote
   * plugin): `[^1]` and its definition are drawn as written. Default true.
   */
  readsFootnotes?: boolean;
  /**
   * true when the app draws every `<details>` open (a sanitiser that drops `<details>` and
   * `<summary>` and keeps their text). Default false.
   */
  detailsAlwaysOpen?: boolean;
  /** Milliseconds since the request; default: performance.now() from now. */
  clock?: () => number;
  /**
   * Called with each record (one JSON line, no newline) as it is made, in order — e.g. a
   * `LiveTraceUpload`'s `send`, so a Streamshot session renders what the app shows while it runs.
   */
  onRecord?: (line: string) => void;
}

export interface TraceStyle {
  direction?: Direction;
  textAlign?: TextAlign;
  /** A multiple of the font size (React Native's lineHeight in points: divide by fontSize). */
  lineHeight?: number;
  /** "auto" when tables' columns are measured again as each character arrives (a browser's table
   *  layout), "settled" when they hold still while a row is typed (Streamshot's default). */
  tableColumns?: "settled" | "auto";
  /** "wrap" when a long code line wraps inside its block, "scroll" when it runs on under a fade
   *  and the block scrolls sideways (Streamshot's default). */
  codeOverflow?: "scroll" | "wrap";
  /** "break-all" when lines break between any two characters (CSS word-break: break-all),
   *  "normal" when between words (the default). */
  wordBreak?: "normal" | "break-all";
  /** The text's colour as CSS writes it, "#RRGGBB" or "#RGB", when the client sets its own. */
  textColor?: string;
  /** Restyle only this block (its index in the answer, from 0). */
  block?: number;
}

export class StreamshotTrace {
  private readonly records: string[] = [];
  private readonly now: () => number;
  private readonly onRecord?: (line: string) => void;

  constructor(start: TraceStart = {}) {
    const origin = typeof performance !== "undefined" ? performance.now() : Date.now();
    this.now = start.clock ?? (() => (typeof performance !== "undefined" ? performance.now() : Date.now()) - origin);
    this.onRecord = start.onRecord;
    const fields: Record<string, unknown> = {
      version: 1,
      platform: start.platform ?? "react-native",
      layoutDirection: start.layoutDirection ?? "ltr",
    };
    if (start.viewport) fields.viewport = { width: start.viewport.width, height: start.viewport.height, scale: start.viewport.scale };
    if (start.fontSize !== undefined) fields.fontSize = start.fontSize;
    if (start.rendersMarkdown === false) fields.markdown = "none";
    if (start.appLanguage !== undefined) fields.appLanguage = start.appLanguage;
    if (start.readsFootnotes === false) fields.footnotes = false;
    if (start.detailsAlwaysOpen === true) fields.detailsOpen = true;
    this.record("start", fields);
  }

  /**
   * The display buffer released `text`, appended to what was shown, holding `ready` characters
   * after it: received in whole words, not shown yet (leave it out if unknown).
   */
  show(text: string, ready?: number): void {
    this.record("show", ready === undefined ? { append: text } : { append: text, ready });
  }

  /** The client now shows `text` in full (it replaced what was there). */
  showAll(text: string): void {
    this.record("show", { text });
  }

  /** The text container's style as set or changed (fields left out keep their value). */
  style(style: TraceStyle): void {
    const fields: Record<string, unknown> = {};
    for (const key of ["direction", "textAlign", "lineHeight", "tableColumns", "codeOverflow", "wordBreak", "textColor", "block"] as const) {
      if (style[key] !== undefined) fields[key] = style[key];
    }
    this.record("style", fields);
  }

  /**
   * The scroll position from the top, in points, and whether the view follows the answer's end
   * from there (the client's own auto-scroll state; leave it out if it keeps none).
   */
  scroll(offset: number, pinned?: boolean): void {
    this.record("scroll", pinned === undefined ? { offset } : { offset, pinned });
  }

  /** An overlay shown or hidden. */
  overlay(kind: OverlayKind, visible: boolean, text?: string): void {
    this.record("overlay", text === undefined ? { kind, visible } : { kind, visible, text });
  }

  /** The answer ended. */
  end(kind: EndKind = "done"): void {
    this.record("end", { kind });
  }

  /** The trace so far, one JSON object a line. */
  toJSONLines(): string {
    return this.records.map((line) => line + "\n").join("");
  }

  private record(type: string, fields: Record<string, unknown>): void {
    const t = Math.round(this.now() * 1000) / 1000;
    const line = JSON.stringify({ t, type, ...fields });
    this.records.push(line);
    this.onRecord?.(line);
  }
}

/** The part of `fetch` an upload uses (typed here so the file compiles without the DOM's types). */
type Fetch = (url: string, init: { method: string; headers: Record<string, string>; body: string })
  => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;

/**
 * Sends a trace's records to a Streamshot live session (`POST /v1/sessions` answered its URL),
 * one request at a time so they arrive in order; `finish()` waits for them and closes the
 * session, which then renders to its end as an ordinary job.
 *
 *     const upload = new LiveTraceUpload("http://127.0.0.1:8080/v1/sessions/" + id);
 *     const trace = new StreamshotTrace({ layoutDirection: "rtl", onRecord: upload.send });
 *     ...
 *     await upload.finish();
 */
export class LiveTraceUpload {
  private chain: Promise<void> = Promise.resolve();
  private failure: unknown;

  constructor(private readonly session: string, private readonly token?: string) {}

  /** Queues one record to send; returns at once. */
  readonly send = (line: string): void => {
    this.chain = this.chain.then(() => this.post("/events", line + "\n")).catch((error) => {
      this.failure ??= error;
    });
  };

  /** Sends what is queued, then closes the session; rejects with the first failure. */
  async finish(): Promise<void> {
    await this.chain;
    if (this.failure !== undefined) throw this.failure;
    await this.post("/close", "");
  }

  private async post(path: string, body: string): Promise<void> {
    const fetch = (globalThis as unknown as { fetch: Fetch }).fetch;
    const headers: Record<string, string> = { "Content-Type": "application/x-ndjson" };
    if (this.token !== undefined) headers.Authorization = "Bearer " + this.token;
    const response = await fetch(this.session + path, { method: "POST", headers, body });
    if (!response.ok) throw new Error(`the session answered ${response.status}: ${await response.text()}`);
  }
}
