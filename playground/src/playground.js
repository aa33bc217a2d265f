// The golem playground page: a CodeMirror editor, a Web Worker running
// golem.wasm, and a REPL-style history of runs whose output streams in
// while the code runs. Bundled by build.mjs into dist/playground.js.
import { createEditor, setDoc } from "./editor.js";

const EXAMPLES = [
  ["conditions.lisp", "Conditions and restarts"],
  ["clos.lisp", "CLOS"],
  ["loop.lisp", "LOOP"],
  ["format.lisp", "FORMAT"],
  ["print-circle.lisp", "*print-circle*"],
  ["streaming.lisp", "Output while it runs"],
];
const DEFAULT_CODE = `(defun greet (name)
  (format nil "Hello, ~a!" name))

(greet "Lisp")`;
// Past golem's own time limit by this much, the worker is replaced.
const HARD_MARGIN_MS = 5000;
// How long Stop waits for the interpreter to notice before replacing the worker.
const STOP_GRACE_MS = 3000;
// The history keeps this many runs, and shows at most this many characters
// of one value or error (the worker already caps a run's output).
const MAX_ENTRIES = 50;
const MAX_SEGMENT = 100000;

const $ = (id) => document.getElementById(id);
const historyEl = $("history"), statusEl = $("status");
const runBtn = $("run"), stopBtn = $("stop"), resetBtn = $("reset"), clearBtn = $("clear");
const shareBtn = $("share"), examplesSel = $("examples");

// A stop flag the worker polls; needs cross-origin isolation (COOP/COEP
// headers, as playground/serve sends). Without it, Stop replaces the worker.
const flag = (self.crossOriginIsolated && typeof SharedArrayBuffer === "function")
  ? new Int32Array(new SharedArrayBuffer(4)) : null;

let worker = null;
let ready = false;
let limits = { timeoutMs: 10000, maxOutput: 100000 };
let running = null; // {id, entry, started, stopRequested, hardTimer, stopTimer}
let nextId = 1;
let readyNote = "";
// baseline is the text last put in the editor by the page (the default, an
// example, a shared link): the code counts as edited when it differs.
let baseline = DEFAULT_CODE;

const editor = createEditor($("editor"), {
  doc: DEFAULT_CODE,
  label: "Lisp code",
  onChange: saveHash,
  onRun: run,
});
const code = () => editor.state.doc.toString();
// For the browser test and the console.
window.golemPlayground = { editor };

function setStatus(text, busy) {
  statusEl.textContent = text;
  statusEl.classList.toggle("busy", !!busy);
}

function updateButtons() {
  runBtn.disabled = !ready || !!running;
  stopBtn.disabled = !running;
  resetBtn.disabled = !ready && !running;
}

function startWorker(note) {
  if (worker) worker.terminate();
  ready = false;
  readyNote = note || "";
  updateButtons();
  worker = new Worker("worker.js");
  worker.onmessage = onMessage;
  worker.onerror = (e) => setStatus("golem failed to load: " + (e.message || "worker error"));
  if (flag) worker.postMessage({ type: "init", flag });
  setStatus("Loading golem…", true);
}

function onMessage(e) {
  const m = e.data;
  switch (m.type) {
    case "ready":
      ready = true;
      if (m.limits) limits = m.limits;
      updateButtons();
      setStatus((readyNote ? readyNote + " " : "") + `Ready — golem ${m.version}.` +
        (flag ? "" : " (On this host Stop also resets the session.)"));
      readyNote = "";
      break;
    case "output":
      if (running && m.id === running.id) appendOutput(running.entry, m.stream, m.text);
      break;
    case "result":
      finish(m);
      break;
    case "fatal":
      setStatus("golem failed to load: " + m.message);
      break;
  }
}

// ---- The history ----

function atBottom() {
  return historyEl.scrollHeight - historyEl.scrollTop - historyEl.clientHeight < 40;
}

function keepScrolled(wasAtBottom) {
  if (wasAtBottom) historyEl.scrollTop = historyEl.scrollHeight;
}

function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

function newEntry(input) {
  $("empty").hidden = true;
  const entry = el("article", "entry running");
  const inEl = el("pre", "in");
  inEl.setAttribute("aria-label", "Input");
  inEl.textContent = input;
  const outEl = el("pre", "out");
  outEl.setAttribute("aria-label", "Output");
  outEl.hidden = true;
  const resEl = el("pre", "res");
  resEl.hidden = true;
  const meta = el("div", "meta", "Running…");
  entry.append(inEl, outEl, resEl, meta);
  historyEl.appendChild(entry);
  const entries = historyEl.querySelectorAll(".entry");
  for (let i = 0; i < entries.length - MAX_ENTRIES; i++) entries[i].remove();
  keepScrolled(true); // a new run is always brought into view
  return { el: entry, out: outEl, res: resEl, meta };
}

function appendOutput(entry, stream, text) {
  const wasAtBottom = atBottom();
  entry.out.hidden = false;
  const last = entry.out.lastElementChild;
  if (last && last.dataset.stream === stream) {
    last.append(text);
  } else {
    const span = el("span", "seg-" + stream, text);
    span.dataset.stream = stream;
    entry.out.appendChild(span);
  }
  keepScrolled(wasAtBottom);
}

function renderResult(entry, segments) {
  const wasAtBottom = atBottom();
  entry.res.textContent = "";
  for (const s of segments) {
    const t = s.t;
    const span = el("span", "seg-" + s.c);
    if (t.length > MAX_SEGMENT) {
      span.textContent = t.slice(0, MAX_SEGMENT);
      entry.res.appendChild(span);
      entry.res.appendChild(el("span", "seg-note",
        `\n[… ${(t.length - MAX_SEGMENT).toLocaleString("en")} more characters not shown]\n`));
      continue;
    }
    span.textContent = t;
    entry.res.appendChild(span);
  }
  entry.res.hidden = !entry.res.textContent;
  entry.el.classList.toggle("is-error", segments.some((s) => s.c === "error"));
  keepScrolled(wasAtBottom);
}

function endEntry(entry, text, kind) {
  entry.el.classList.remove("running");
  entry.meta.textContent = text;
  entry.meta.className = "meta" + (kind ? " " + kind : "");
}

function clearHistory() {
  for (const e of historyEl.querySelectorAll(".entry")) e.remove();
  $("empty").hidden = false;
  if (!running) setStatus("History cleared.");
}

// ---- Running ----

function run() {
  if (!ready || running) return;
  const id = nextId++;
  const input = code();
  running = { id, started: performance.now(), entry: newEntry(input) };
  running.hardTimer = setTimeout(() =>
    hardStop("golem did not stop at its time limit, so the session was restarted: its definitions are gone."),
  limits.timeoutMs + HARD_MARGIN_MS);
  updateButtons();
  setStatus("Running…", true);
  worker.postMessage({ type: "eval", id, code: input });
}

function seconds(ms) {
  return `${Math.round(ms / 100) / 10} s`;
}

function kb(bytes) {
  return `${Math.round(bytes / 1000).toLocaleString("en")} KB`;
}

// stopText says why a run stopped, in words a browser user can act on.
function stopText(why) {
  switch (why) {
    case "time": return `Stopped: the run took longer than ${seconds(limits.timeoutMs)}, the playground's time limit.`;
    case "output": return `Stopped: the run printed more than ${kb(limits.maxOutput)}, the playground's output limit; the output above is cut there.`;
    case "user": return "Stopped by you.";
    default: return "Stopped.";
  }
}

function finish(m) {
  if (!running || m.id !== running.id) return;
  clearTimeout(running.hardTimer);
  clearTimeout(running.stopTimer);
  const elapsed = performance.now() - running.started;
  const entry = running.entry;
  running = null;
  updateButtons();
  if (m.reset) {
    setStatus("Session reset: all definitions are gone.");
    return;
  }
  renderResult(entry, m.segments && m.segments.length ? m.segments : (m.text ? [{ c: m.error ? "error" : "value", t: m.text }] : []));
  if (m.stopped) {
    if (m.stopped === "output") {
      const wasAtBottom = atBottom();
      entry.out.appendChild(el("span", "seg-note", `\n[output cut at ${kb(limits.maxOutput)}]`));
      entry.out.hidden = false;
      keepScrolled(wasAtBottom);
    }
    const text = stopText(m.stopped);
    endEntry(entry, text, "stopped");
    setStatus(text);
  } else {
    const text = `${m.error ? "Error" : "Done"} in ${formatMs(elapsed)}.`;
    endEntry(entry, text, m.error ? "error" : "done");
    setStatus(text);
  }
}

function stop() {
  if (!running) return;
  running.stopRequested = true;
  if (flag) {
    Atomics.store(flag, 0, 1);
    setStatus("Stopping…", true);
    running.stopTimer = setTimeout(() =>
      hardStop("Stopped by you; golem did not stop in time, so the session was restarted: its definitions are gone."),
    STOP_GRACE_MS);
  } else {
    hardStop("Stopped by you; the session was restarted: its definitions are gone.");
  }
}

// hardStop replaces the worker, losing the session.
function hardStop(note) {
  if (running) {
    clearTimeout(running.hardTimer);
    clearTimeout(running.stopTimer);
    if (running.entry) endEntry(running.entry, note, "stopped");
  }
  running = null;
  startWorker(note);
}

function reset() {
  if (running) {
    hardStop("Session reset: all definitions are gone.");
    return;
  }
  if (!ready) return;
  const id = nextId++;
  running = { id, started: performance.now() };
  updateButtons();
  worker.postMessage({ type: "reset", id });
}

function formatMs(ms) {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

// ---- Sharing: the code lives in the URL fragment (#code=...) ----

function codeFromHash() {
  const m = /^#code=(.*)$/s.exec(location.hash);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch (_) {
    return null;
  }
}

function shareURL() {
  return location.href.replace(/#.*$/s, "") + "#code=" + encodeURIComponent(code());
}

let hashTimer = null;
function saveHash() {
  clearTimeout(hashTimer);
  hashTimer = setTimeout(() => history.replaceState(null, "", shareURL()), 250);
}

async function share() {
  const url = shareURL();
  history.replaceState(null, "", url);
  try {
    await navigator.clipboard.writeText(url);
    setStatus("Link copied: it opens the playground with this code.");
  } catch (_) {
    // No clipboard access (an insecure origin, a refused permission).
    window.prompt("Copy this link; it opens the playground with this code:", url);
  }
}

// ---- Examples ----

function replaceCode(text) {
  baseline = text;
  setDoc(editor, text);
}

async function loadExample(file, name) {
  const edited = code() !== baseline && code().trim() !== "";
  if (edited && !window.confirm(`Replace your code with the “${name}” example? Your edits will be lost (unless you shared a link to them).`)) {
    return;
  }
  const resp = await fetch("examples/" + file);
  if (!resp.ok) {
    setStatus("Could not load the example.");
    return;
  }
  replaceCode(await resp.text());
  setStatus(`Loaded the “${name}” example: Run (Ctrl+Enter) to try it.`);
  editor.focus();
}

// ---- Offline ----

function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
  navigator.serviceWorker.register("sw.js").catch(() => { /* online only */ });
}

function init() {
  for (const [file, name] of EXAMPLES) {
    const opt = document.createElement("option");
    opt.value = file;
    opt.textContent = name;
    examplesSel.appendChild(opt);
  }
  const shared = codeFromHash();
  if (shared !== null) replaceCode(shared);
  examplesSel.addEventListener("change", () => {
    const file = examplesSel.value;
    const name = examplesSel.selectedOptions[0] ? examplesSel.selectedOptions[0].textContent : file;
    examplesSel.value = "";
    if (file) loadExample(file, name);
  });
  window.addEventListener("hashchange", () => {
    const c = codeFromHash();
    if (c !== null && c !== code()) replaceCode(c);
  });
  runBtn.addEventListener("click", run);
  stopBtn.addEventListener("click", stop);
  resetBtn.addEventListener("click", reset);
  clearBtn.addEventListener("click", clearHistory);
  shareBtn.addEventListener("click", share);
  startWorker();
  registerServiceWorker();
}

init();
