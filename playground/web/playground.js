// The golem playground page: an editor, a Web Worker running golem.wasm,
// and the evaluate-lisp response text, coloured by section.
"use strict";

const EXAMPLES = [
  ["conditions.lisp", "Conditions and restarts"],
  ["clos.lisp", "CLOS"],
  ["loop.lisp", "LOOP"],
  ["format.lisp", "FORMAT"],
  ["print-circle.lisp", "*print-circle*"],
];
// golem's own time limit is 10 s; past this the worker is replaced.
const HARD_LIMIT_MS = 15000;
// How long Stop waits for the interpreter to notice before replacing the worker.
const STOP_GRACE_MS = 3000;

const $ = (id) => document.getElementById(id);
const code = $("code"), output = $("output"), statusEl = $("status");
const runBtn = $("run"), stopBtn = $("stop"), resetBtn = $("reset"), examplesSel = $("examples");

// A stop flag the worker polls; needs cross-origin isolation (COOP/COEP
// headers, as playground/serve sends). Without it, Stop replaces the worker.
const flag = (self.crossOriginIsolated && typeof SharedArrayBuffer === "function")
  ? new Int32Array(new SharedArrayBuffer(4)) : null;

let worker = null;
let ready = false;
let running = null; // {id, started, stopRequested, hardTimer, stopTimer}
let nextId = 1;
let readyNote = "";

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
      updateButtons();
      setStatus((readyNote ? readyNote + " " : "") + `Ready — golem ${m.version}.` +
        (flag ? "" : " (On this host Stop also resets the session.)"));
      readyNote = "";
      break;
    case "result":
      finish(m);
      break;
    case "fatal":
      setStatus("golem failed to load: " + m.message);
      break;
  }
}

function run() {
  if (!ready || running) return;
  const id = nextId++;
  running = { id, started: performance.now() };
  running.hardTimer = setTimeout(() =>
    hardStop("The evaluation did not stop by itself: the session was reset."), HARD_LIMIT_MS);
  updateButtons();
  setStatus("Running…", true);
  worker.postMessage({ type: "eval", id, code: code.value });
}

function finish(m) {
  if (!running || m.id !== running.id) return;
  clearTimeout(running.hardTimer);
  clearTimeout(running.stopTimer);
  const elapsed = performance.now() - running.started;
  const stopped = running.stopRequested;
  running = null;
  updateButtons();
  if (m.reset) {
    render([{ c: "note", t: "Session reset: all definitions are gone." }]);
    setStatus("Session reset.");
    return;
  }
  render(m.segments && m.segments.length ? m.segments : [{ c: m.error ? "error" : "value", t: m.text }]);
  if (m.error && m.text.startsWith("[ERROR] GOLEM:INTERRUPTED")) {
    setStatus(stopped ? "Stopped." : "Stopped: the time limit was reached.");
  } else {
    setStatus(`${m.error ? "Error" : "Done"} in ${formatMs(elapsed)}.`);
  }
}

function stop() {
  if (!running) return;
  running.stopRequested = true;
  if (flag) {
    Atomics.store(flag, 0, 1);
    setStatus("Stopping…", true);
    running.stopTimer = setTimeout(() => hardStop("Stopped; the session was reset."), STOP_GRACE_MS);
  } else {
    hardStop("Stopped; the session was reset.");
  }
}

// hardStop replaces the worker, losing the session.
function hardStop(note) {
  if (running) {
    clearTimeout(running.hardTimer);
    clearTimeout(running.stopTimer);
  }
  running = null;
  render([{ c: "note", t: note }]);
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

function render(segments) {
  output.textContent = "";
  for (const s of segments) {
    const span = document.createElement("span");
    span.className = "seg-" + s.c;
    span.textContent = s.t;
    output.appendChild(span);
  }
  output.classList.toggle("is-error", segments.some((s) => s.c === "error"));
  output.scrollTop = 0;
}

function formatMs(ms) {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

// The code lives in the URL fragment (#code=...), so a link shares it.
function codeFromHash() {
  const m = /^#code=(.*)$/s.exec(location.hash);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch (_) {
    return null;
  }
}

let hashTimer = null;
function saveHash() {
  clearTimeout(hashTimer);
  hashTimer = setTimeout(() => {
    history.replaceState(null, "", "#code=" + encodeURIComponent(code.value));
  }, 250);
}

async function loadExample(file) {
  const resp = await fetch("examples/" + file);
  if (!resp.ok) {
    setStatus("Could not load the example.");
    return;
  }
  code.value = await resp.text();
  saveHash();
  code.focus();
}

function init() {
  for (const [file, name] of EXAMPLES) {
    const opt = document.createElement("option");
    opt.value = file;
    opt.textContent = name;
    examplesSel.appendChild(opt);
  }
  const shared = codeFromHash();
  if (shared !== null) code.value = shared;
  examplesSel.addEventListener("change", () => {
    if (examplesSel.value) loadExample(examplesSel.value);
    examplesSel.value = "";
  });
  code.addEventListener("input", saveHash);
  code.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      run();
    } else if (e.key === "Tab" && !e.shiftKey) {
      e.preventDefault();
      code.setRangeText("  ", code.selectionStart, code.selectionEnd, "end");
      saveHash();
    }
  });
  window.addEventListener("hashchange", () => {
    const c = codeFromHash();
    if (c !== null && c !== code.value) code.value = c;
  });
  runBtn.addEventListener("click", run);
  stopBtn.addEventListener("click", stop);
  resetBtn.addEventListener("click", reset);
  startWorker();
}

init();
