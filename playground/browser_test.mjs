// Browser test of the playground: loads the page in headless Chromium and
// drives it as a user would: editing in CodeMirror, running, streaming
// output, the history, stopping (by the user, the time limit, the output
// limit), messages, sharing, the examples, Reset, and offline use. Run by
// playground/test.sh, which builds and serves the page; the URL comes from
// PLAYGROUND_URL. Prints "N passed, N failed".
import { chromium } from "playwright-core";
import { existsSync, mkdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";

const url = process.env.PLAYGROUND_URL || "http://127.0.0.1:8080/";
const screenshot = process.env.SCREENSHOT || path.resolve("test-results/playground.png");
const candidates = [process.env.CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"].filter(Boolean);
const executablePath = candidates.find((p) => existsSync(p));
if (!executablePath) {
  console.log("SKIP: no Chromium found (tried " + candidates.join(", ") + ")");
  process.exit(0);
}
const MAX_PAGE_GZIP = 3_000_000;

let passed = 0, failed = 0;
function check(cond, what, detail) {
  if (cond) {
    passed++;
    console.log("ok   " + what);
  } else {
    failed++;
    console.log("FAIL " + what + (detail !== undefined ? "\n     got: " + JSON.stringify(detail) : ""));
  }
}

const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(url).origin });
const page = await context.newPage();
const pageErrors = [];
page.on("pageerror", (e) => pageErrors.push(String(e)));
page.on("console", (m) => { if (m.type() === "error") pageErrors.push(m.text()); });
page.setDefaultTimeout(30000);
// The URLs the first load downloads, from the page and its worker. Their
// sizes are measured apart (wireSize): Chromium does not always report the
// body sizes of a worker's requests.
const downloaded = new Set();
const recordResponse = (resp) => { downloaded.add(resp.url()); };
// wireSize is how many bytes the server sends for u to a browser that
// accepts gzip (node:http does not decompress).
const wireSize = (u) => new Promise((resolve, reject) => {
  http.get(u, { headers: { "Accept-Encoding": "gzip, deflate, br" } }, (res) => {
    let n = 0;
    res.on("data", (b) => { n += b.length; });
    res.on("end", () => resolve(n));
    res.on("error", reject);
  }).on("error", reject);
});
page.on("response", recordResponse);

const status = () => page.locator("#status").textContent();
const entries = page.locator("#history .entry");
const last = () => entries.last();
const lastText = (part) => last().locator("." + part).textContent();

const ready = () => page.waitForFunction(() => !document.querySelector("#run").disabled, null, { timeout: 60000 });
const idle = () => page.waitForFunction(() => !document.querySelector("#run").disabled &&
  !/Running|Stopping/.test(document.querySelector("#status").textContent));
// setCode puts text in the editor as one edit (typing is tested apart).
const setCode = (text) => page.evaluate((t) => {
  const v = window.golemPlayground.editor;
  v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: t } });
}, text);
const getCode = () => page.evaluate(() => window.golemPlayground.editor.state.doc.toString());

// run puts code in the editor, runs it (by button or Ctrl+Enter) and waits
// for the run to finish; it returns the new history entry's result text.
async function run(code, { key = false } = {}) {
  const before = await entries.count();
  await setCode(code);
  if (key) {
    await page.locator(".cm-content").focus();
    await page.keyboard.press("Control+Enter");
  } else {
    await page.click("#run");
  }
  await page.waitForFunction((n) => document.querySelectorAll("#history .entry").length > n ||
    document.querySelectorAll("#history .entry").length === 50, before);
  await idle();
  return lastText("res");
}

try {
  const t0 = Date.now();
  await page.goto(url);
  await ready();
  console.log(`page ready in ${Date.now() - t0} ms: ${await status()}`);
  check(await page.evaluate(() => self.crossOriginIsolated), "the page is cross-origin isolated (Stop keeps the session)");

  // The whole page, as downloaded, stays under 3 MB gzipped.
  await page.waitForTimeout(500);
  const urls = [...downloaded];
  const paths = urls.map((u) => new URL(u).pathname);
  check(["/", "/playground.js", "/worker.js", "/wasm_exec.js", "/golem.wasm"].every((p) => paths.includes(p)),
    "the downloads seen include the page, the bundle, the worker and golem.wasm", paths);
  const sizes = Object.fromEntries(await Promise.all(urls.map(async (u) => [new URL(u).pathname, await wireSize(u)])));
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  check(total > 1_000_000 && total < MAX_PAGE_GZIP, `the page downloads ${(total / 1e6).toFixed(2)} MB, under 3 MB`, sizes);

  // ---- The editor ----
  check(await page.locator(".cm-editor .cm-lineNumbers").count() === 1, "the editor has line numbers");
  const content = page.locator(".cm-content");
  check(await content.getAttribute("aria-label") === "Lisp code", "the editor is labelled for screen readers");
  await content.click();
  await page.keyboard.press("Control+a");
  await page.keyboard.press("Delete");
  await page.keyboard.type("(defun square (x)");
  await page.keyboard.press("Enter");
  await page.keyboard.type("(* x x))");
  check(await getCode() === "(defun square (x)\n  (* x x))", "Enter indents the body of a DEFUN", await getCode());
  check(await page.locator(".cm-matchingBracket").count() >= 2, "the paren before the cursor and its match are highlighted",
    await page.locator(".cm-matchingBracket").count());
  check(await page.locator(".cm-keyword, .cm-line span").count() > 0, "the code is highlighted");
  // Tab re-indents a badly indented line, then indents further.
  await setCode("(let ((a 1))\na)");
  await content.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.press("Tab");
  check(await getCode() === "(let ((a 1))\n  a)", "Tab indents the line as Lisp", await getCode());
  await page.keyboard.press("Tab");
  check(await getCode() === "(let ((a 1))\n    a)", "Tab on an indented line indents one more step", await getCode());
  check(await page.evaluate(() => !!document.activeElement.closest(".cm-editor")), "Tab keeps the focus in the editor");
  // Escape then Tab leaves the editor: keyboard users are not trapped.
  await page.keyboard.press("Escape");
  await page.keyboard.press("Tab");
  const focused = await page.evaluate(() => ({ inEditor: !!document.activeElement.closest(".cm-editor"), id: document.activeElement.id }));
  check(!focused.inEditor && focused.id === "clear", "Escape then Tab moves the focus out of the editor", focused);
  check(await getCode() === "(let ((a 1))\n    a)", "Escape then Tab does not edit", await getCode());

  // ---- Running, the history ----
  await content.click();
  await page.keyboard.press("Control+a");
  await page.keyboard.type("(defun square (x) (* x x))");
  await page.keyboard.press("Control+Enter");
  await idle();
  check(await lastText("res") === "=> SQUARE", "Ctrl+Enter runs the typed code", await lastText("res"));
  check(await run("(square 12)") === "=> 144", "a function defined in one run is called in the next", await lastText("res"));
  check(await run("(floor 17 5)", { key: true }) === "=> 3\n=> 2", "multiple values show as the evaluate-lisp text", await lastText("res"));
  check(await entries.count() === 3, "each run is appended to the history", await entries.count());
  check(await entries.nth(1).locator(".in").textContent() === "(square 12)", "an entry shows its input");
  check(/Done in/.test(await lastText("meta")), "an entry says how it ended", await lastText("meta"));

  const res = await run('(progn (format t "hi~%") (car 1))');
  check(res.startsWith("[ERROR] TYPE-ERROR\nThe value 1 is not of type LIST"), "errors show the report", res);
  check(await lastText("out") === "hi\n", "output printed before an error is kept", await lastText("out"));
  const color = await last().locator(".seg-error").first().evaluate((e) => getComputedStyle(e).color);
  check(/^rgb\((1[5-9]\d|2\d\d), (\d|[1-9]\d), (\d|[1-9]\d)\)$/.test(color), "the error is red", color);
  const fileErr = await run('(open "data.txt")');
  check(/The playground has no files/.test(fileErr) && !/--allow|Options\./.test(fileErr),
    "a refused file says what a browser user can do, with no server flags", fileErr);

  // ---- Output streams while the program runs ----
  await setCode('(dotimes (i 3) (format t "tick ~a~%" i) (sleep 0.7)) :done');
  await page.click("#run");
  await page.waitForFunction(() => {
    const e = [...document.querySelectorAll("#history .entry")].pop();
    return e && /tick 0/.test(e.querySelector(".out").textContent);
  });
  check(await page.locator("#stop").isEnabled() && /Running/.test(await status()),
    "the first line shows while the program still runs", await status());
  await idle();
  check(await lastText("out") === "tick 0\ntick 1\ntick 2\n" && await lastText("res") === "=> :DONE",
    "all the output, then the value", [await lastText("out"), await lastText("res")]);
  page.once("dialog", (d) => d.accept()); // the code was edited
  await page.selectOption("#examples", "streaming.lisp");
  await page.waitForFunction(() => window.golemPlayground.editor.state.doc.toString().includes("slow-fib"));
  check((await run(await getCode())) === "=> :DONE" && (await lastText("out")).includes("fib(24) = 46368"),
    "the streaming example runs", await lastText("out"));

  // ---- Stop: by the user, the output limit, the time limit ----
  await setCode("(loop)");
  await page.click("#run");
  await page.waitForFunction(() => /Running/.test(document.querySelector("#status").textContent));
  await page.waitForTimeout(300);
  check(await page.locator("#stop").isEnabled(), "Stop is enabled while running");
  const stopAt = Date.now();
  await page.click("#stop");
  await idle();
  check((await lastText("res")).startsWith("[ERROR] GOLEM:INTERRUPTED\nEvaluation stopped: stopped by the user"), "(loop) is interrupted by Stop", await lastText("res"));
  check(await lastText("meta") === "Stopped by you.", "the entry says the user stopped it", await lastText("meta"));
  check(/Stopped by you/.test(await status()), "so does the status", await status());
  console.log(`     stopped in ${Date.now() - stopAt} ms`);
  check(await run("(square 3)") === "=> 9", "evaluation works after Stop, with the session intact", await lastText("res"));

  await run('(loop (print "a runaway print loop"))');
  const flood = await lastText("out");
  check(/output limit/.test(await lastText("meta")), "a print loop is stopped at the output limit, and says so", await lastText("meta"));
  check(flood.length <= 100_100 && flood.length > 90_000 && /\[output cut at 100 KB\]$/.test(flood),
    "the output view is capped and says where it was cut", flood.length);

  const slow = Date.now();
  await run("(loop)");
  check(/time limit/.test(await lastText("meta")) && /10 s/.test(await lastText("meta")), "(loop) is stopped at the time limit, and says so", await lastText("meta"));
  check((await lastText("res")).startsWith("[ERROR] GOLEM:INTERRUPTED\nEvaluation stopped: timeout"), "golem stopped it (the worker was not replaced)", await lastText("res"));
  console.log(`     stopped by the time limit after ${Date.now() - slow} ms`);
  check(!/--timeout|--max/.test(await page.locator("#history").textContent()), "no message mentions a server flag");

  // ---- The history is cleared with one click ----
  await page.click("#clear");
  check(await entries.count() === 0 && await page.locator("#empty").isVisible(), "Clear empties the history");
  check(await run("(square 4)") === "=> 16", "Clear keeps the session's definitions", await lastText("res"));

  // ---- Examples: ask before replacing edited code ----
  await setCode("(list :my :edits)");
  let dialogs = [];
  page.once("dialog", (d) => { dialogs.push(d.message()); d.dismiss(); });
  await page.selectOption("#examples", "loop.lisp");
  await page.waitForTimeout(300);
  check(dialogs.length === 1 && /Replace your code/.test(dialogs[0]), "choosing an example asks before replacing edited code", dialogs);
  check(await getCode() === "(list :my :edits)", "declining keeps the code", await getCode());
  page.once("dialog", (d) => d.accept());
  await page.selectOption("#examples", "loop.lisp");
  await page.waitForFunction(() => window.golemPlayground.editor.state.doc.toString().includes("loop for"));
  check((await run(await getCode())).includes(":PASSED"), "the LOOP example runs", await lastText("res"));
  dialogs = [];
  page.on("dialog", (d) => { dialogs.push(d.message()); d.dismiss(); });
  for (const [file, want] of [["conditions.lisp", "=> (10 35/3"], ["clos.lisp", "=> 5.14159"],
    ["format.lisp", '=> "inbox has 2 messages"'], ["print-circle.lisp", "=> (T"]]) {
    await page.selectOption("#examples", file);
    await page.waitForFunction((f) => /^;;/.test(window.golemPlayground.editor.state.doc.toString()) &&
      document.querySelector("#status").textContent.includes("Loaded"), file);
    await page.waitForTimeout(100);
    check((await run(await getCode())).startsWith(want), `the ${file} example runs`, await lastText("res"));
  }
  check(dialogs.length === 0, "unedited code is replaced without asking", dialogs);

  // ---- Share copies a link that brings the code back ----
  await setCode("(list :shared 1)");
  await page.click("#share");
  await page.waitForFunction(() => /Link copied/.test(document.querySelector("#status").textContent));
  const link = await page.evaluate(() => navigator.clipboard.readText());
  check(link.startsWith(url) && link.includes("#code="), "Share copies a link with the code in its fragment", link);
  const other = await context.newPage();
  await other.goto(link);
  await other.waitForFunction(() => !document.querySelector("#run").disabled, null, { timeout: 60000 });
  const sharedCode = await other.evaluate(() => window.golemPlayground.editor.state.doc.toString());
  check(sharedCode === "(list :shared 1)", "the link opens the playground with the code", sharedCode);
  await other.close();

  // ---- Reset discards the session ----
  await run("(defun kept () :yes)");
  check(await run("(kept)") === "=> :YES", "definitions persist across runs");
  await page.click("#reset");
  await page.waitForFunction(() => /reset/i.test(document.querySelector("#status").textContent));
  check((await run("(kept)")).startsWith("[ERROR] UNDEFINED-FUNCTION"), "Reset discards definitions", await lastText("res"));

  // ---- Offline once loaded ----
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60000 });
  await context.setOffline(true);
  await page.reload();
  await ready();
  check(await run("(+ 1 2)") === "=> 3", "with the network off, the page reloads from its cache and runs", await lastText("res"));
  await context.setOffline(false);

  // End on a representative screen for the screenshot.
  await setCode('(defun fact (n)\n  (if (< n 2)\n      1\n      (* n (fact (1- n)))))\n\n(format t "20! = ~:d~%" (fact 20))\n(loop for i from 1 to 5 collect (fact i))');
  await page.click("#run");
  await idle();
  mkdirSync(path.dirname(screenshot), { recursive: true });
  await page.screenshot({ path: screenshot, fullPage: true });
  console.log("screenshot: " + screenshot);
  check(pageErrors.length === 0, "no errors in the page's console", pageErrors);
} catch (e) {
  failed++;
  console.log("FAIL " + (e && e.stack ? e.stack : e));
  try {
    mkdirSync(path.dirname(screenshot), { recursive: true });
    await page.screenshot({ path: screenshot.replace(/\.png$/, "-failure.png"), fullPage: true });
  } catch (_) { /* ignore */ }
} finally {
  await browser.close();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
