// Browser test of the playground: loads the page in headless Chromium and
// drives it as a user would. Run by playground/test.sh, which builds and
// serves the page; the URL comes from PLAYGROUND_URL.
import { chromium } from "playwright-core";
import { existsSync, mkdirSync } from "node:fs";
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

let failures = 0;
function check(cond, what, detail) {
  if (cond) {
    console.log("ok   " + what);
  } else {
    failures++;
    console.log("FAIL " + what + (detail !== undefined ? "\n     got: " + JSON.stringify(detail) : ""));
  }
}

const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: ["--no-sandbox", "--disable-dev-shm-usage"],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
const pageErrors = [];
page.on("pageerror", (e) => pageErrors.push(String(e)));
page.on("console", (m) => { if (m.type() === "error") pageErrors.push(m.text()); });
page.setDefaultTimeout(30000);

const output = () => page.locator("#output").textContent();
const status = () => page.locator("#status").textContent();

// run types code into the editor, runs it (by button or Ctrl+Enter) and
// waits for the evaluation to finish.
async function run(code, { key = false } = {}) {
  await page.fill("#code", code);
  if (key) {
    await page.focus("#code");
    await page.keyboard.press("Control+Enter");
  } else {
    await page.click("#run");
  }
  await page.waitForFunction(() => !document.querySelector("#run").disabled &&
    !/Running|Stopping/.test(document.querySelector("#status").textContent));
  return output();
}

try {
  const t0 = Date.now();
  await page.goto(url);
  await page.waitForFunction(() => !document.querySelector("#run").disabled, null, { timeout: 60000 });
  console.log(`page ready in ${Date.now() - t0} ms: ${await status()}`);
  check(await page.evaluate(() => self.crossOriginIsolated), "the page is cross-origin isolated (Stop keeps the session)");

  check(await run("(floor 17 5)") === "=> 3\n=> 2", "(floor 17 5) shows exactly the evaluate-lisp text", await output());

  await run("(defun square (x) (* x x))");
  check(await run("(square 12)", { key: true }) === "=> 144", "a function defined in one run is called in the next (Ctrl+Enter)", await output());

  const out = await run('(progn (format t "hi~%") (car 1))');
  check(out.startsWith("[ERROR] TYPE-ERROR\nThe value 1 is not of type LIST"), "errors show the report", out);
  check(out.includes("[stdout]\nhi"), "errors show the output section", out);
  const color = await page.locator("#output .seg-error").first().evaluate((el) => getComputedStyle(el).color);
  check(/^rgb\((1[5-9]\d|2\d\d), (\d|[1-9]\d), (\d|[1-9]\d)\)$/.test(color), "the error is red", color);
  check(await page.locator("#output .seg-head").count() >= 2, "sections have distinct headers",
    await page.locator("#output").innerHTML());

  // A runaway loop is stopped and the page says so; the session survives.
  await page.fill("#code", "(loop)");
  await page.click("#run");
  await page.waitForFunction(() => /Running/.test(document.querySelector("#status").textContent));
  await page.waitForTimeout(300);
  check(await page.locator("#stop").isEnabled(), "Stop is enabled while running");
  const stopAt = Date.now();
  await page.click("#stop");
  await page.waitForFunction(() => !document.querySelector("#run").disabled);
  const stopped = await output();
  check(stopped.startsWith("[ERROR] GOLEM:INTERRUPTED\nEvaluation stopped: stopped by the user"), "(loop) is interrupted by Stop", stopped);
  check(/Stopped/.test(await status()), "the status says it stopped", await status());
  console.log(`     stopped in ${Date.now() - stopAt} ms`);
  check(await run("(square 3)") === "=> 9", "evaluation works after Stop, with the session intact", await output());

  // The examples menu.
  await page.selectOption("#examples", "loop.lisp");
  await page.waitForFunction(() => document.querySelector("#code").value.includes("loop for"));
  check((await run(await page.inputValue("#code"))).includes(":PASSED"), "the LOOP example runs", await output());
  await page.selectOption("#examples", "conditions.lisp");
  await page.waitForFunction(() => document.querySelector("#code").value.includes("restart-case"));
  check((await run(await page.inputValue("#code"))).startsWith("=> (10 35/3"), "the conditions example runs", await output());

  // The URL fragment keeps the code: a reload (or a shared link) restores it.
  await page.fill("#code", "(list :shared 1)");
  await page.waitForFunction(() => location.hash.includes("shared"));
  await page.reload();
  await page.waitForFunction(() => !document.querySelector("#run").disabled, null, { timeout: 60000 });
  check(await page.inputValue("#code") === "(list :shared 1)", "the code comes back from the URL fragment", await page.inputValue("#code"));

  // Reset discards the session.
  await run("(defun kept () :yes)");
  check(await run("(kept)") === "=> :YES", "definitions persist across runs");
  await page.click("#reset");
  await page.waitForFunction(() => /reset/i.test(document.querySelector("#status").textContent));
  check((await run("(kept)")).startsWith("[ERROR] UNDEFINED-FUNCTION"), "Reset discards definitions", await output());

  // End on a representative screen for the screenshot.
  await page.fill("#code", '(defun fact (n) (if (< n 2) 1 (* n (fact (1- n)))))\n(format t "20! = ~:d~%" (fact 20))\n(loop for i from 1 to 5 collect (fact i))');
  await page.click("#run");
  await page.waitForFunction(() => /Done/.test(document.querySelector("#status").textContent));
  mkdirSync(path.dirname(screenshot), { recursive: true });
  await page.screenshot({ path: screenshot, fullPage: true });
  console.log("screenshot: " + screenshot);
  check(pageErrors.length === 0, "no errors in the page's console", pageErrors);
} catch (e) {
  failures++;
  console.log("FAIL " + (e && e.stack ? e.stack : e));
  try {
    mkdirSync(path.dirname(screenshot), { recursive: true });
    await page.screenshot({ path: screenshot.replace(/\.png$/, "-failure.png"), fullPage: true });
  } catch (_) { /* ignore */ }
} finally {
  await browser.close();
}
console.log(failures ? `${failures} failure(s)` : "all browser checks passed");
process.exit(failures ? 1 : 0);
