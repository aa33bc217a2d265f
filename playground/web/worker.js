// The Web Worker that runs golem.wasm, so that evaluation never blocks the page.
// Messages in:  {type: "init", flag}        flag: Int32Array over a SharedArrayBuffer (optional)
//               {type: "eval", id, code}
//               {type: "reset", id}
// Messages out: {type: "ready", version, limits}
//               {type: "output", id, stream, text}   while the code runs
//               {type: "result", id, text, error, segments, stopped}
//               {type: "fatal", message}
importScripts("wasm_exec.js");

let pendingFlag = null;

self.golemReady = () => {
  if (pendingFlag) self.golem.setInterruptFlag(pendingFlag);
  postMessage({ type: "ready", version: self.golem.version, limits: self.golem.limits });
};

self.onmessage = async (e) => {
  const msg = e.data;
  switch (msg.type) {
    case "init":
      pendingFlag = msg.flag || null;
      if (self.golem && pendingFlag) self.golem.setInterruptFlag(pendingFlag);
      break;
    case "eval": {
      const r = await self.golem.eval(msg.code, (stream, text) =>
        postMessage({ type: "output", id: msg.id, stream, text }));
      postMessage({ type: "result", id: msg.id, text: r.text, error: r.error, segments: r.segments, stopped: r.stopped });
      break;
    }
    case "reset":
      self.golem.reset();
      postMessage({ type: "result", id: msg.id, text: "", error: false, reset: true });
      break;
  }
};

(async () => {
  try {
    const go = new Go();
    let result;
    try {
      result = await WebAssembly.instantiateStreaming(fetch("golem.wasm"), go.importObject);
    } catch (err) {
      // Servers that do not send application/wasm: fall back to bytes.
      const bytes = await (await fetch("golem.wasm")).arrayBuffer();
      result = await WebAssembly.instantiate(bytes, go.importObject);
    }
    go.run(result.instance);
  } catch (err) {
    postMessage({ type: "fatal", message: String(err) });
  }
})();
